import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { csCheckInSampleSchema } from '@/shared/schemas/sample-entry';
import { CheckInFields, receiptMoment, type CheckInForm } from '@/app/bench/actions/check-in-fields';
import { SampleStepDialog, type SampleStepProps } from '@/app/bench/actions/sample-step-dialog';
import type { SampleEntry } from '@/app/bench/sample-queries';
import { useSampleAction } from '@/app/bench/actions/use-sample-action';
import { CS_SAMPLES } from './cs-lab-constants';

/**
 * Confirm Received at the client-side lab: the receipt as it happened (date and time, received by,
 * the initial weight in grams, the condition on receipt and a note).
 */
export function CsCheckInDialog({ sample, onOpenChange }: SampleStepProps) {
  const { t } = useTranslation('cs-lab');
  const { fire } = useSampleAction(CS_SAMPLES.list);
  const form = useForm<CheckInForm>({
    resolver: zodResolver(csCheckInSampleSchema),
    values: {
      receivedDate: receiptMoment(sample?.receivedDate),
      receivedBy: sample?.receivedBy ?? '',
      initialWeight: sample?.initialWeight ?? (undefined as unknown as number),
      unit: sample?.unit ?? 'g',
      receivedCondition: sample?.receivedCondition ?? 'intact',
      receiptNote: sample?.receiptNote ?? '',
    },
  });

  const submit = async (chosen: SampleEntry) => {
    let queued = false;
    await form.handleSubmit(async (values) => {
      queued = Boolean(
        await fire('csCheckIn', chosen, { body: { ...values, receiptNote: values.receiptNote || null } }),
      );
    })();
    return queued;
  };

  return (
    <SampleStepDialog sample={sample} onOpenChange={onOpenChange} words="cs-lab:checkIn" onConfirm={submit}>
      <CheckInFields form={form} idPrefix="cs-check-in" weightLabel={t('samples:field.initialWeight')} />
    </SampleStepDialog>
  );
}
