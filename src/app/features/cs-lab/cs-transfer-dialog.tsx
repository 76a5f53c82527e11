import { useTranslation } from 'react-i18next';
import { announceWhenApplied } from '@/app/bench/announce';
import { ConfirmSampleDialog } from '@/app/bench/confirm-sample-dialog';
import { ReviewSample } from '@/app/bench/review-sample';
import type { SampleEntry } from '@/app/bench/sample-queries';
import { useSampleAction } from '@/app/bench/use-sample-action';
import { CS_SAMPLES } from './cs-lab-constants';

/** Confirm Transfer (client-side lab → tester): the sample reviewed, the prompt, the confirmation. */
export function CsTransferDialog({
  sample,
  onOpenChange,
}: {
  sample: SampleEntry | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('cs-lab');
  const { fire } = useSampleAction(CS_SAMPLES.list);
  return (
    <ConfirmSampleDialog
      open={sample !== null}
      onOpenChange={onOpenChange}
      title={t('transfer.title')}
      description={sample ? t('transfer.prompt', { idflNumber: sample.idflNumber }) : undefined}
      confirmLabel={t('transfer.confirm')}
      wide
      onConfirm={async () => {
        if (!sample) return false;
        const key = await fire('transferToTester', sample);
        if (!key) return false;
        announceWhenApplied(key, t('transfer.successTitle'), t('transfer.success', { idflNumber: sample.idflNumber }));
        return true;
      }}
    >
      {sample && <ReviewSample sample={sample} compact />}
    </ConfirmSampleDialog>
  );
}
