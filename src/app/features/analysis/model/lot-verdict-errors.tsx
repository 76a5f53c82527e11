import { useTranslation } from 'react-i18next';
import type { ModelReport } from '../analysis-queries';
import { percent } from '../sample-values';
import { VerdictErrorTable } from './verdict-error-table';

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
      <VerdictErrorTable rows={rows} of="lots" />
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
