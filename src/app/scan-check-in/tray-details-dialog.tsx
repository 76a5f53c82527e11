import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { csCheckInSampleSchema, type CsCheckInSample } from '@/shared/schemas/sample-entry';
import { CheckInFields, receiptMoment, type CheckInForm } from '@/app/bench/actions/check-in-fields';
import { ConfirmSampleDialog } from '@/app/bench/actions/confirm-sample-dialog';

/**
 * The client-side lab's check-in needs a received date, who received and an initial weight. A
 * scanner cannot ask that per label, so they are asked once for the tray about to be scanned:
 * today, the signed-in person (a staff choice, as on one sample's check-in), and one weight (corrected later in a sample's Edit form if needed).
 */
export function TrayDetailsDialog({
  open,
  onOpenChange,
  receivedBy,
  previous,
  onStart,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The signed-in user's display name: the usual receiver. */
  receivedBy: string;
  /** What the last tray used, offered again. */
  previous?: CsCheckInSample;
  onStart: (tray: CsCheckInSample) => void;
}) {
  const { t } = useTranslation('scan-check-in');
  const form = useForm<CheckInForm>({
    resolver: zodResolver(csCheckInSampleSchema),
    values: {
      receivedDate: receiptMoment(),
      receivedBy: previous?.receivedBy ?? receivedBy,
      initialWeight: previous?.initialWeight ?? (undefined as unknown as number),
      unit: previous?.unit ?? 'g',
      receivedCondition: previous?.receivedCondition ?? 'intact',
      receiptNote: previous?.receiptNote ?? '',
    },
  });

  const start = async () => {
    let valid = false;
    await form.handleSubmit((values) => {
      valid = true;
      const tray = csCheckInSampleSchema.parse(values);
      onStart({ ...tray, receiptNote: tray.receiptNote || null });
    })();
    return valid;
  };

  return (
    <ConfirmSampleDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('tray.title')}
      description={t('tray.description')}
      confirmLabel={t('tray.start')}
      onConfirm={start}
    >
      <CheckInFields
        form={form}
        idPrefix="scan-tray"
        weightLabel={t('tray.initialWeight')}
        weightHint={t('tray.weightHint')}
      />
    </ConfirmSampleDialog>
  );
}
