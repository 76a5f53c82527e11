import { useTranslation } from 'react-i18next';
import { announceWhenApplied } from '@/app/bench/actions/announce';
import { SampleStepDialog, type SampleStepProps } from '@/app/bench/actions/sample-step-dialog';
import { useSampleAction } from '@/app/bench/actions/use-sample-action';
import { CS_SAMPLES } from './cs-lab-constants';

/** Confirm Transfer (client-side lab → tester): the sample reviewed, the prompt, the confirmation. */
export function CsTransferDialog(props: SampleStepProps) {
  const { t } = useTranslation('cs-lab');
  const { fire } = useSampleAction(CS_SAMPLES.list);
  return (
    <SampleStepDialog
      {...props}
      words="cs-lab:transfer"
      prompt="prompt"
      review
      onConfirm={async (chosen) => {
        const key = await fire('transferToTester', chosen);
        if (!key) return false;
        announceWhenApplied(key, t('transfer.successTitle'), t('transfer.success', { idflNumber: chosen.idflNumber }));
        return true;
      }}
    />
  );
}
