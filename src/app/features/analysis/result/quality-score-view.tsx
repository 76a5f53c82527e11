import { useTranslation } from 'react-i18next';
import type { OriginAnalysis } from '@/shared/origin-model/analysis';
import { elementLabel, percent } from '../sample-values';

function Meter({ label, value }: { label: string; value: number }) {
  return (
    <div className="grid gap-1">
      <div className="flex justify-between text-sm">
        <span>{label}</span>
        <span className="font-mono">{percent(value, 0)}</span>
      </div>
      <div className="h-2 rounded bg-muted" role="meter" aria-label={label} aria-valuenow={Math.round(value * 100)}>
        <div className="h-2 rounded bg-primary" style={{ width: `${Math.max(0, Math.min(1, value)) * 100}%` }} />
      </div>
    </div>
  );
}

/** Quality Score: the score, its parts, and what lowers it. */
export function QualityScoreView({ quality }: { quality: OriginAnalysis['quality'] }) {
  const { t } = useTranslation('analysis');
  return (
    <div className="grid gap-4">
      <div className="flex items-baseline gap-2">
        <span className="text-4xl font-semibold" data-testid="quality-score">
          {Math.round(quality.score)}
        </span>
        <span className="text-muted-foreground">/ 100</span>
      </div>
      <Meter label={t('quality.typicality')} value={quality.typicality} />
      <Meter label={t('quality.completeness')} value={quality.completeness} />
      <div className="grid gap-1">
        <h3 className="text-sm font-medium">{t('quality.loweredBy')}</h3>
        {quality.lowered.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('quality.nothingLowers')}</p>
        ) : (
          <ul className="list-disc ps-5 text-sm">
            {quality.lowered.map((reason) => (
              <li key={reason.reason}>
                {t(`quality.reason.${reason.reason}`, {
                  elements: (reason.elements ?? []).map(elementLabel).join(', '),
                  value: reason.value === undefined ? '' : reason.value.toFixed(3),
                })}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
