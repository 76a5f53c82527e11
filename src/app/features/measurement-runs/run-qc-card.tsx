import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/app/components/ui/badge';
import { WRAPS } from '@/app/components/list-table';
import { Card, CardContent, CardHeader, CardTitle } from '@/app/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/app/components/ui/table';
import type { components } from '@/shared/api-types';
import { formatFixed } from '@/shared/measurement/quantities';
import { useLimitsWords } from '@/app/lib/words/limits-words';
import { elementName } from './run-words';

type RunQualityControl = components['schemas']['RunQualityControl'];

const verdictBadge = {
  inControl: 'secondary',
  warning: 'warning',
  rejected: 'destructive',
  notJudged: 'outline',
} as const;

/** A run's quality-control verdict: each check standard against its chart, the rules broken, flagged duplicates. */
export function RunQcCard({ qc }: { qc: RunQualityControl | null }) {
  const { t } = useTranslation('qc');
  const limitsWords = useLimitsWords();
  const element = (name: string) => elementName(name, (key: string) => t(`runs:${key}`));
  return (
    <Card data-testid="run-qc">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          {t('run.title')}
          {qc && <Badge variant={verdictBadge[qc.verdict]}>{t(`verdict.${qc.verdict}`)}</Badge>}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {!qc ? (
          <p className="text-muted-foreground">{t('run.notJudged')}</p>
        ) : (
          <>
            {qc.rules.length > 0 && (
              <ul className="list-disc pl-5">
                {qc.rules.map((rule) => (
                  <li key={rule}>{t(`rule.${rule}`)}</li>
                ))}
              </ul>
            )}
            {qc.nonconformity && (
              <p>
                <Link to="/nonconformities" className="text-primary underline-offset-2 hover:underline">
                  {t('run.nonconformity', {
                    number: qc.nonconformity.id,
                    status: t(`status.${qc.nonconformity.status}`),
                  })}
                </Link>
              </p>
            )}
            {qc.checks.length > 0 && (
              <Table aria-label={t('run.title')}>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t('run.checkStandard')}</TableHead>
                    <TableHead>{t('run.element')}</TableHead>
                    <TableHead>{t('run.limits')}</TableHead>
                    <TableHead>{t('run.results')}</TableHead>
                    <TableHead>{t('run.rules')}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {qc.checks.map((check) => (
                    <TableRow key={`${check.referenceMaterialId}-${check.element}`}>
                      <TableCell className={WRAPS}>
                        {check.name}
                        <div>
                          <Link
                            to="/control-charts"
                            search={{ material: check.referenceMaterialId, element: check.element }}
                            className="text-xs text-primary underline-offset-2 hover:underline"
                          >
                            {t('chart.open')}
                          </Link>
                        </div>
                      </TableCell>
                      <TableCell>{element(check.element)}</TableCell>
                      <TableCell className={WRAPS}>{limitsWords(check.limits, check.earlierResults)}</TableCell>
                      <TableCell className={WRAPS}>
                        {check.values
                          .map(
                            (value, i) =>
                              `${formatFixed(value, 2)}${check.z ? ` (${formatFixed(check.z[i], 1)})` : ''}`,
                          )
                          .join(', ')}
                      </TableCell>
                      <TableCell className={WRAPS}>
                        {check.rules.length ? check.rules.map((rule) => t(`rule.${rule}`)).join('; ') : t('run.noRule')}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            {qc.duplicates.length > 0 && (
              <div>
                <p className="font-medium">{t('run.duplicates')}</p>
                <ul className="list-disc pl-5">
                  {qc.duplicates.map((flag) => (
                    <li key={`${flag.sampleEntryId}-${flag.element}`}>
                      {t('run.duplicate', {
                        idflNumber: flag.idflNumber,
                        element: element(flag.element),
                        range: formatFixed(flag.range, 2),
                        limit: formatFixed(flag.limit, 1),
                      })}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
