import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OriginAnalysis } from '@/shared/origin-model/analysis';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/app/components/ui/dialog';
import { Spinner } from '@/app/components/ui/spinner';
import { analysisQueries } from './analysis-queries';
import { AnalysisSummary } from './result/analysis-result-panel';
import { CompositionView } from './result/composition-view';
import { QualityScoreView } from './result/quality-score-view';
import { formatMoment } from '@/app/components/ui/display-date';

/** A saved analysis as the server computed it: its result, quality, mixtures, conclusion and who saved it. */
export function AnalysisDetailDialog({
  id,
  onOpenChange,
}: {
  id: number | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation('analysis');
  const detail = useQuery({ ...analysisQueries.detail(id ?? 0), enabled: id !== null });
  const data = detail.data;
  const result = data?.result as OriginAnalysis | null | undefined;
  return (
    <Dialog open={id !== null} onOpenChange={onOpenChange}>
      <DialogContent aria-describedby={undefined} className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t('detail.title', { id: id ?? '' })}</DialogTitle>
        </DialogHeader>
        <div className="grid max-h-[75vh] gap-4 overflow-y-auto">
          {detail.isLoading && <Spinner />}
          {data && (
            <>
              <p className="text-sm text-muted-foreground">
                {t('detail.about', {
                  date: formatMoment(data.analysisDate, i18n.language),
                  by: data.createdByName ?? '—',
                  material: data.material ?? '—',
                  version: data.referenceVersion ?? '—',
                })}
              </p>
              {data.conclusion && (
                <p className="rounded-md border bg-muted/40 p-3 text-sm">
                  <span className="font-medium">{t('save.conclusion')}: </span>
                  {data.conclusion}
                </p>
              )}
              {result && result.regionalProbability ? (
                <>
                  <AnalysisSummary analysis={result} />
                  <div className="grid gap-4 md:grid-cols-2">
                    <div className="grid content-start gap-2">
                      <h3 className="text-sm font-medium">{t('views.quality')}</h3>
                      <QualityScoreView quality={result.quality} />
                    </div>
                    <div className="grid content-start gap-2">
                      <h3 className="text-sm font-medium">{t('views.composition')}</h3>
                      <CompositionView composition={result.composition} />
                    </div>
                  </div>
                </>
              ) : (
                <p className="text-sm text-muted-foreground">{t('detail.noResult')}</p>
              )}
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
