import { useTranslation } from 'react-i18next';
import { isAtypicalPrediction } from '@/shared/origin-prediction';

/**
 * A stored prediction as a reader reads it: a region's name as it is, and the mark stored for a
 * sample no region fits in the reader's language (the chain of custody's word for it, so the
 * history and the screens say the same).
 */
export function usePredictionWords() {
  const { t } = useTranslation('custody');
  return (prediction: string | null | undefined): string | null =>
    prediction == null ? null : isAtypicalPrediction(prediction) ? t('value.predictedOrigin.Atypical') : prediction;
}
