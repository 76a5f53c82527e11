import { Link } from '@tanstack/react-router';
import { HistoryIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePredictionWords } from '@/app/lib/words/prediction-words';
import { hasAnyPermission } from '@/shared/permissions';
import { Card, CardContent, CardHeader, CardTitle } from '@/app/components/ui/card';
import { usePermissions } from '@/app/lib/session/use-session';
import { formatMoment } from '@/app/components/ui/display-date';

type SampleOrigin = {
  idflNumber: string;
  analysisDate: string | null;
  predictedOrigin: string | null;
  evaluationByRegionRatio: Record<string, number> | null;
  evaluationByMixRatio: Record<string, number> | null;
};

/**
 * What an origin analysis saved to a sample entry (the prediction and its regions), with a link to the
 * analysis in the history. The verdicts on the claim and on Xinjiang are stated once on the page, in the
 * certificate's verdict card: a second copy here, read from other fields, could contradict it.
 */
export function SampleOriginCard({ sample }: { sample: SampleOrigin }) {
  const { t, i18n } = useTranslation('analysis');
  const predictionWords = usePredictionWords();
  const held = usePermissions();
  // The third lab's result also stamps analysisDate: only a prediction means an origin analysis was saved.
  const hasPrediction = Boolean(sample.predictedOrigin) || Object.keys(sample.evaluationByRegionRatio ?? {}).length > 0;
  if (!hasPrediction) return null;
  const regions = Object.entries(sample.evaluationByRegionRatio ?? {})
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5);
  const mix = Object.entries(sample.evaluationByMixRatio ?? {});
  return (
    <Card data-testid="sample-origin">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{t('sampleOrigin.title')}</CardTitle>
        {hasAnyPermission(held, ['CanViewAllAnalysis']) && (
          <Link
            to="/analysis/analysis-list"
            search={{ search: sample.idflNumber }}
            className="flex items-center gap-1 text-sm text-primary hover:underline"
          >
            <HistoryIcon className="size-4" />
            {t('sampleOrigin.history')}
          </Link>
        )}
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-muted-foreground">{t('result.predictedOrigin')}</span>
          <span className="font-semibold">{predictionWords(sample.predictedOrigin) ?? '—'}</span>
          {sample.analysisDate && (
            <span className="text-xs text-muted-foreground">
              {t('sampleOrigin.analysed', { date: formatMoment(sample.analysisDate, i18n.language) })}
            </span>
          )}
        </div>
        {regions.length > 0 && (
          <ul className="grid gap-1" aria-label={t('result.regionalProbability')}>
            {regions.map(([region, share]) => (
              <li key={region} className="grid grid-cols-[minmax(6rem,10rem)_1fr_4rem] items-center gap-2">
                <span className="truncate">{region}</span>
                <div className="h-2 rounded bg-muted">
                  <div className="h-2 rounded bg-primary" style={{ width: `${share}%` }} />
                </div>
                <span className="text-end font-mono">{share.toFixed(1)}%</span>
              </li>
            ))}
          </ul>
        )}
        {mix.length > 0 && (
          <p className="text-muted-foreground">
            {t('sampleOrigin.mix', { mix: mix.map(([region, share]) => `${region} ${share}%`).join(' + ') })}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
