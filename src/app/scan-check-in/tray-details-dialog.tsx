import { zodResolver } from '@hookform/resolvers/zod';
import dayjs from 'dayjs';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { csCheckInSampleSchema, type CsCheckInSample } from '@/shared/schemas/sample-entry';
import { DatePicker } from '@/app/components/ui/date-picker';
import { FormField } from '@/app/components/ui/form-field';
import { Input } from '@/app/components/ui/input';
import { ConfirmSampleDialog } from '@/app/bench/confirm-sample-dialog';

type TrayForm = z.input<typeof csCheckInSampleSchema>;

/** An empty number field is "not given" (the schema then says 'Weight is required'), not zero. */
function toNumber(value: unknown): number | undefined {
  if (value === '' || value === null || value === undefined) return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/**
 * The client-side lab's check-in needs a received date, who received and an initial weight. A
 * scanner cannot ask that per label, so they are asked once for the tray about to be scanned:
 * today, the signed-in person, and one weight (corrected later in a sample's Edit form if needed).
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
  const form = useForm<TrayForm>({
    resolver: zodResolver(csCheckInSampleSchema),
    values: {
      receivedDate: dayjs().format('YYYY-MM-DD'),
      receivedBy: previous?.receivedBy ?? receivedBy,
      initialWeight: previous?.initialWeight ?? (undefined as unknown as number),
      unit: previous?.unit ?? 'g',
    },
  });
  const { errors } = form.formState;

  const start = async () => {
    let valid = false;
    await form.handleSubmit((values) => {
      valid = true;
      onStart(csCheckInSampleSchema.parse(values));
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
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="receivedDate"
          render={({ field }) => (
            <FormField id="scan-tray-received-date" label={t('tray.receivedDate')} error={errors.receivedDate?.message}>
              <DatePicker
                id="scan-tray-received-date"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                invalid={Boolean(errors.receivedDate)}
              />
            </FormField>
          )}
        />
        <FormField id="scan-tray-received-by" label={t('tray.receivedBy')} error={errors.receivedBy?.message}>
          <Input id="scan-tray-received-by" autoComplete="off" {...form.register('receivedBy')} />
        </FormField>
        <FormField
          id="scan-tray-weight"
          label={t('tray.initialWeight')}
          error={errors.initialWeight?.message}
          hint={t('tray.weightHint')}
        >
          <Input
            id="scan-tray-weight"
            type="number"
            inputMode="decimal"
            step="any"
            min={0}
            {...form.register('initialWeight', { setValueAs: toNumber })}
          />
        </FormField>
        <FormField id="scan-tray-unit" label={t('tray.unit')} error={errors.unit?.message}>
          <Input id="scan-tray-unit" {...form.register('unit')} />
        </FormField>
      </div>
    </ConfirmSampleDialog>
  );
}
