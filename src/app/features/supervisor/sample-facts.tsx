import { Fact } from '@/app/components/fact';
import { useTranslation } from 'react-i18next';
import { usePredictionWords } from '@/app/lib/words/prediction-words';
import type { SupervisorSampleDetail } from './supervisor-queries';

export function ConclusionSummary({ sample }: { sample: SupervisorSampleDetail }) {
  const { t } = useTranslation('supervisor');
  const predictionWords = usePredictionWords();
  const yesNo = (value: boolean | null) =>
    t(`conclusion.consistency.${value === true ? 'yes' : value === false ? 'no' : 'unknown'}`);
  const ratios = (value: Record<string, number> | null) =>
    value && Object.keys(value).length
      ? Object.entries(value)
          .map(([name, percent]) => `${name} ${percent}%`)
          .join(', ')
      : null;
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
      <Fact label={t('conclusion.expectedConclusion')} value={sample.expectedConclusion} />
      <Fact label={t('conclusion.conclusion')} value={sample.conclusion} />
      <Fact label={t('conclusion.predictedOrigin')} value={predictionWords(sample.predictedOrigin)} />
      <Fact label={t('conclusion.consistentWithPredictedOrigin')} value={yesNo(sample.consistentWithPredictedOrigin)} />
      <Fact label={t('conclusion.consistentWithXinjiangOrigin')} value={yesNo(sample.consistentWithXinjiangOrigin)} />
      <Fact label={t('conclusion.evaluationByRegionRatio')} value={ratios(sample.evaluationByRegionRatio)} />
      <Fact label={t('conclusion.evaluationByMixRatio')} value={ratios(sample.evaluationByMixRatio)} />
    </dl>
  );
}
