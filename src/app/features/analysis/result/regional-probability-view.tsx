import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { OriginAnalysis } from '@/shared/origin-model/analysis';
import type { OriginModel } from '@/shared/origin-model/estimator';
import { Spinner } from '@/app/components/ui/spinner';

const ProbabilityBarChart = lazy(() => import('./analysis-charts').then((m) => ({ default: m.ProbabilityBarChart })));
const OriginMap = lazy(() => import('./origin-map').then((m) => ({ default: m.OriginMap })));

/** Regional Probability Analysis: every region's probability as bars, and on a map of its references. */
export function RegionalProbabilityView({ analysis, model }: { analysis: OriginAnalysis; model: OriginModel }) {
  const { t } = useTranslation('analysis');
  const probabilities = useMemo(
    () => new Map(analysis.regionalProbability.map((r) => [r.region, r.probability])),
    [analysis.regionalProbability],
  );
  const hasLocations = model.regions.some((r) => r.locations.length > 0);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Suspense fallback={<Spinner />}>
        <ProbabilityBarChart rows={analysis.regionalProbability} label={t('regional.chart')} />
      </Suspense>
      <div className="grid content-start gap-2">
        {hasLocations ? (
          <Suspense fallback={<Spinner />}>
            <OriginMap regions={model.regions} probabilities={probabilities} label={t('regional.map')} />
          </Suspense>
        ) : (
          <p className="text-sm text-muted-foreground">{t('regional.noLocations')}</p>
        )}
        <p className="text-xs text-muted-foreground">{t('regional.mapLegend')}</p>
      </div>
    </div>
  );
}
