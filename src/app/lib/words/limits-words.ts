import { useTranslation } from 'react-i18next';
import { formatFixed } from '@/shared/measurement/quantities';
import type { ControlLimits } from '@/shared/measurement/qc-westgard';

/**
 * The limits a check standard's results are judged against, as a run's quality-control card and the
 * standard's control chart both say them: a supervisor's target, the mean and SD of the first 20
 * results, or how many of those 20 there are yet.
 */
export function useLimitsWords() {
  const { t } = useTranslation('qc');
  return (limits: ControlLimits | null, results: number): string =>
    limits
      ? t(limits.source === 'target' ? 'run.limitsTarget' : 'run.limitsEstablished', {
          mean: formatFixed(limits.mean, 3),
          sd: formatFixed(limits.sd, 3),
        })
      : t('run.limitsNotEstablished', { count: results });
}
