import { useTranslation } from 'react-i18next';
import type { OriginAnalysis } from '@/shared/origin-model/analysis';
import { percent } from '../sample-values';

/** Composition Overview: the best two-region mixtures, each as a split bar with its fractions. */
export function CompositionView({ composition }: { composition: OriginAnalysis['composition'] }) {
  const { t } = useTranslation('analysis');
  if (composition.length === 0) return <p className="text-sm text-muted-foreground">{t('composition.none')}</p>;
  return (
    <ol className="grid gap-3">
      {composition.map((mix, index) => (
        <li key={`${mix.regionA}-${mix.regionB}`} className="grid gap-1" data-testid="mixture">
          <div className="flex flex-wrap justify-between gap-2 text-sm">
            <span className="font-medium">
              {index + 1}. {mix.regionA} + {mix.regionB}
            </span>
            <span className="text-muted-foreground">
              {t('composition.fit', { distance: mix.distance.toFixed(2), typicality: mix.typicality.toFixed(3) })}
            </span>
          </div>
          <div className="flex h-6 overflow-hidden rounded text-xs text-white">
            <div className="flex items-center justify-center bg-blue-600" style={{ width: `${mix.fractionA * 100}%` }}>
              {mix.fractionA >= 0.15 && `${mix.regionA} ${percent(mix.fractionA, 0)}`}
            </div>
            <div
              className="flex items-center justify-center bg-amber-600"
              style={{ width: `${(1 - mix.fractionA) * 100}%` }}
            >
              {1 - mix.fractionA >= 0.15 && `${mix.regionB} ${percent(1 - mix.fractionA, 0)}`}
            </div>
          </div>
        </li>
      ))}
    </ol>
  );
}
