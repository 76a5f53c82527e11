import { useTranslation } from 'react-i18next';
import type { Consistency, Verdict } from '@/shared/origin-model/analysis';
import { Badge } from '@/app/components/ui/badge';
import { percent } from '../sample-values';

const verdictVariant = {
  consistent: 'default',
  inconsistent: 'destructive',
  inconclusive: 'warning',
} as const satisfies Record<Verdict, string>;

export function VerdictBadge({ verdict }: { verdict: Verdict }) {
  const { t } = useTranslation('analysis');
  return <Badge variant={verdictVariant[verdict]}>{t(`verdict.${verdict}`)}</Badge>;
}

/** A consistency check: the region, its verdict, the figures and the thresholds it was judged by. */
export function ConsistencyCard({ title, consistency }: { title: string; consistency: Consistency }) {
  const { t } = useTranslation('analysis');
  const { thresholds } = consistency;
  return (
    <div className="grid gap-1.5 rounded-md border p-3" data-testid="consistency">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-medium">
          {title}: {consistency.claim?.trim() || consistency.region}
        </span>
        {/* No records of it, no verdict: "inconclusive" would read as "cannot be excluded". */}
        {consistency.isKnownRegion ? (
          <VerdictBadge verdict={consistency.verdict} />
        ) : (
          <Badge variant="outline">{t('verdict.notAssessed')}</Badge>
        )}
      </div>
      {consistency.isKnownRegion && consistency.regions.length > 1 && (
        <p className="text-sm text-muted-foreground">
          {t('result.judgedOn', { regions: consistency.regions.join(', ') })}
        </p>
      )}
      {consistency.isKnownRegion ? (
        <p className="text-sm text-muted-foreground">
          {t('result.probabilityAndTypicality', {
            probability: percent(consistency.probability),
            typicality: consistency.typicality === null ? '—' : consistency.typicality.toFixed(3),
          })}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          {t(consistency.referenceCount ? 'result.unknownRegion' : 'result.noRecords')}
        </p>
      )}
      <p className="text-xs text-muted-foreground">
        {t('result.thresholds', {
          consistent: percent(thresholds.consistentProbability, 0),
          inconsistent: percent(thresholds.inconsistentProbability, 0),
          atypical: thresholds.atypicalPValue,
        })}
      </p>
    </div>
  );
}
