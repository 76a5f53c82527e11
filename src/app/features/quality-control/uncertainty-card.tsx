import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadProblem, useLoadProblem } from '@/app/components/load-problem';
import { Card, CardContent, CardHeader, CardTitle } from '@/app/components/ui/card';
import { formatDisplayDate } from '@/app/components/ui/display-date';
import { Skeleton } from '@/app/components/ui/skeleton';
import { proficiencyQueries, type ElementUncertainty } from './proficiency-queries';
import { formatFixed } from '@/shared/measurement/quantities';

const fixed = (value: number | null) => (value === null ? '—' : formatFixed(value, 3));

/** The measurement uncertainty per element, or in words why it is not stated yet. */
export function UncertaintyCard() {
  const { t, i18n } = useTranslation('quality');
  const uncertainty = useQuery(proficiencyQueries.uncertainty());
  const problem = useLoadProblem(uncertainty.error);
  const first = uncertainty.data?.[0];
  return (
    <Card data-testid="uncertainty-card">
      <CardHeader>
        <CardTitle>{t('uncertainty.title')}</CardTitle>
        {first && (
          <p className="text-sm text-muted-foreground">
            {t('uncertainty.intro', { days: first.window.days, minimum: first.minimum })}
          </p>
        )}
      </CardHeader>
      <CardContent>
        {problem ? (
          <LoadProblem message={problem} />
        ) : !uncertainty.data ? (
          <Skeleton className="h-24 w-full" />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {uncertainty.data.map((row) => (
              <li
                key={row.element}
                className="grid gap-1 rounded-md border p-3 text-sm"
                data-testid={`uncertainty-${row.element}`}
              >
                <div className="font-medium">{t(`elements.${row.element}`)}</div>
                <div className="text-xs text-muted-foreground">
                  {t('uncertainty.window', {
                    from: formatDisplayDate(row.window.from, i18n.language),
                    to: formatDisplayDate(row.window.to, i18n.language),
                    n: row.n,
                  })}
                </div>
                <UncertaintyValues row={row} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function UncertaintyValues({ row }: { row: ElementUncertainty }) {
  const { t } = useTranslation('quality');
  if (row.expanded === null || row.notEstablished) {
    return (
      <p>
        <span className="font-medium">{t('uncertainty.notEstablished')}</span>
        {': '}
        {row.notEstablished === 'noReferenceUncertainty'
          ? t('uncertainty.noReferenceUncertainty')
          : t('uncertainty.tooFewResults', { n: row.n, minimum: row.minimum })}
      </p>
    );
  }
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
      <dt className="font-medium">{t('uncertainty.columns.expanded')}</dt>
      <dd className="font-semibold tabular-nums">{formatFixed(row.expanded, 2)}</dd>
      <dt>{t('uncertainty.columns.reproducibility')}</dt>
      <dd className="tabular-nums">{fixed(row.reproducibility)}</dd>
      <dt>{t('uncertainty.columns.biasUncertainty')}</dt>
      <dd className="tabular-nums">{fixed(row.biasUncertainty)}</dd>
      <dt>{t('uncertainty.columns.combined')}</dt>
      <dd className="tabular-nums">{fixed(row.combined)}</dd>
      <dt>{t('uncertainty.columns.n')}</dt>
      <dd className="tabular-nums">{row.n}</dd>
    </dl>
  );
}
