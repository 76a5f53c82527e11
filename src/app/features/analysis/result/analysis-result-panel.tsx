import { AlertTriangleIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OriginAnalysis } from '@/shared/origin-model/analysis';
import type { LotAnalysis } from '@/shared/origin-model/lot-analysis';
import type { OriginModel } from '@/shared/origin-model/estimator';
import { ATYPICAL_PREDICTION } from '@/shared/origin-prediction';
import { usePredictionWords } from '@/app/lib/words/prediction-words';
import { Badge } from '@/app/components/ui/badge';
import { Button } from '@/app/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/app/components/ui/dialog';
import type { Analysis } from '../analysis-queries';
import { CompositionView } from './composition-view';
import { ElementStatusView } from './element-status-view';
import { QualityScoreView } from './quality-score-view';
import { RegionalProbabilityView } from './regional-probability-view';
import { SaveAnalysisView } from '../save-analysis-dialog';
import { percent, type SampleForm } from '../sample-values';
import { ConsistencyCard } from './verdict-badge';

type View = 'regional' | 'quality' | 'elementStatus' | 'composition' | 'save';
const views: View[] = ['regional', 'quality', 'elementStatus', 'composition', 'save'];

/** How many regions the panel lists; the Regional Probability Analysis shows them all. */
const regionsListed = 5;

/** The predicted origin and its most telling figures. */
/** One sample's verdicts, or one lot's (the joint analysis has the same verdicts). */
export function AnalysisSummary({ analysis }: { analysis: Omit<LotAnalysis, 'sampleCount'> }) {
  const { t } = useTranslation('analysis');
  const predictionWords = usePredictionWords();
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-muted-foreground">{t('result.predictedOrigin')}</span>
        <span className="text-lg font-semibold" data-testid="predicted-origin">
          {analysis.predictedOrigin ?? t('result.noPrediction')}
        </span>
        {analysis.isAtypical && (
          <Badge variant="warning" className="gap-1">
            <AlertTriangleIcon className="size-3" />
            {predictionWords(ATYPICAL_PREDICTION)}
          </Badge>
        )}
        {analysis.prior.kind === 'expected' && <Badge variant="outline">{t('result.expectedPrior')}</Badge>}
      </div>
      <ul className="grid gap-1.5" aria-label={t('result.regionalProbability')}>
        {analysis.regionalProbability.slice(0, regionsListed).map((r) => (
          <li key={r.region} className="grid grid-cols-[minmax(6rem,10rem)_1fr_4rem] items-center gap-2 text-sm">
            <span className="truncate" title={r.region}>
              {r.region}
            </span>
            <div className="h-3 rounded bg-muted">
              <div className="h-3 rounded bg-primary" style={{ width: `${r.probability * 100}%` }} />
            </div>
            <span className="text-end font-mono" data-testid={`probability-${r.region}`}>
              {percent(r.probability)}
            </span>
          </li>
        ))}
      </ul>
      <div className="grid gap-2 md:grid-cols-2">
        {analysis.consistency.claimed && (
          <ConsistencyCard title={t('result.claimed')} consistency={analysis.consistency.claimed} />
        )}
        <ConsistencyCard title={t('result.xinjiang')} consistency={analysis.consistency.xinjiang} />
      </div>
    </div>
  );
}

/** The result of Sample Insights, with its five views opened as dialogs. */
export function AnalysisResultPanel({
  analysis,
  model,
  material,
  form,
  idflNumber,
  onSaved,
}: {
  analysis: OriginAnalysis;
  model: OriginModel;
  material: string;
  form: SampleForm;
  idflNumber: string;
  onSaved: (saved: Analysis) => void;
}) {
  const { t } = useTranslation('analysis');
  const [open, setOpen] = useState<View | null>(null);
  const content: Record<View, ReactNode> = {
    regional: <RegionalProbabilityView analysis={analysis} model={model} />,
    quality: <QualityScoreView quality={analysis.quality} />,
    elementStatus: <ElementStatusView analysis={analysis} />,
    composition: <CompositionView composition={analysis.composition} />,
    save: (
      <SaveAnalysisView
        material={material}
        form={form}
        idflNumber={idflNumber}
        onSaved={(saved) => {
          setOpen(null);
          onSaved(saved);
        }}
      />
    ),
  };
  return (
    <div className="grid gap-4">
      <AnalysisSummary analysis={analysis} />
      <div className="flex flex-wrap gap-2">
        {views.map((view) => (
          <Button key={view} variant={view === 'save' ? 'default' : 'outline'} onClick={() => setOpen(view)}>
            {t(`views.${view}`)}
          </Button>
        ))}
      </div>
      <Dialog open={open !== null} onOpenChange={(next) => !next && setOpen(null)}>
        <DialogContent
          aria-describedby={undefined}
          className={open === 'regional' || open === 'elementStatus' ? 'sm:max-w-5xl' : 'sm:max-w-xl'}
        >
          <DialogHeader>
            <DialogTitle>{open ? t(`views.${open}`) : ''}</DialogTitle>
          </DialogHeader>
          <div className="max-h-[75vh] overflow-y-auto">{open && content[open]}</div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
