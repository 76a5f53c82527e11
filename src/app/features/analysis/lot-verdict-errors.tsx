import { useTranslation } from 'react-i18next';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/app/components/ui/table';
import type { ModelReport } from './analysis-queries';
import { percent } from './sample-values';

type LotErrors = ModelReport['verdictErrors']['lots'][number];

/** The lot size the table shows; the other sizes are summed up in one sentence each. */
const shownLotSize = 3;

/** How often a lot's joint verdict is wrong, beside one sample's error rates. */
export function LotVerdictErrors({ lots }: { lots: readonly LotErrors[] }) {
  const { t } = useTranslation('analysis');
  const shown = lots.find((l) => l.size === shownLotSize);
  if (!shown) return null;
  const rows = [
    ...shown.claims.map((c) => ({ key: c.region, label: c.region, ...c })),
    { key: '', label: t('report.verdictErrors.allClaims'), ...shown.pooled },
  ];
  return (
    <div className="grid gap-2" data-testid="lot-verdict-errors">
      <h3 className="text-sm font-medium">{t('report.lotErrors.title', { count: shown.size })}</h3>
      <p className="text-xs text-muted-foreground">
        {t('report.lotErrors.about', { size: shown.size, lots: shown.lotCount })}
      </p>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>{t('report.verdictErrors.claimedRegion')}</TableHead>
            <TableHead>{t('report.lotErrors.lots')}</TableHead>
            <TableHead>{t('report.verdictErrors.falseConsistent')}</TableHead>
            <TableHead>{t('report.verdictErrors.falseInconsistent')}</TableHead>
            <TableHead>{t('report.verdictErrors.inconclusiveTrue')}</TableHead>
            <TableHead>{t('report.verdictErrors.inconclusiveFalse')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.key} className={r.key === '' ? 'font-medium' : undefined}>
              <TableCell>{r.label}</TableCell>
              <TableCell>{r.trueClaims}</TableCell>
              <TableCell title={t('report.lotErrors.ofFalse', { n: r.falseClaims })}>
                {percent(r.falseConsistentRate)}
              </TableCell>
              <TableCell title={t('report.lotErrors.ofTrue', { n: r.trueClaims })}>
                {percent(r.falseInconsistentRate)}
              </TableCell>
              <TableCell>{percent(r.inconclusiveTrueShare)}</TableCell>
              <TableCell>{percent(r.inconclusiveFalseShare)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {shown.xinjiang && (
        <p className="text-xs text-muted-foreground">
          {t('report.lotErrors.xinjiang', {
            falseConsistent: percent(shown.xinjiang.falseConsistentRate),
            falseInconsistent: percent(shown.xinjiang.falseInconsistentRate),
            inconclusive: percent(shown.xinjiang.inconclusiveTrueShare),
          })}
        </p>
      )}
      {lots
        .filter((l) => l !== shown)
        .map((l) => (
          <p key={l.size} className="text-xs text-muted-foreground">
            {t('report.lotErrors.otherSize', {
              count: l.size,
              lots: l.lotCount,
              falseConsistent: percent(l.pooled.falseConsistentRate),
              falseInconsistent: percent(l.pooled.falseInconsistentRate),
              inconclusive: percent(l.pooled.inconclusiveTrueShare),
            })}
          </p>
        ))}
      <p className="text-xs text-muted-foreground">{t('report.lotErrors.oneFarSample')}</p>
    </div>
  );
}
