import { zodResolver } from '@hookform/resolvers/zod';
import dayjs from 'dayjs';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { csCheckInSampleSchema } from '@/shared/schemas/sample-entry';
import { DatePicker } from '@/app/components/ui/date-picker';
import { FormField } from '@/app/components/ui/form-field';
import { Input } from '@/app/components/ui/input';
import { ConfirmSampleDialog } from '@/app/bench/confirm-sample-dialog';
import type { SampleEntry } from '@/app/bench/sample-queries';
import { toNumber } from '@/app/bench/format';
import { useSampleAction } from '@/app/bench/use-sample-action';
import { UserPicker } from '@/app/bench/user-picker';
import { CS_SAMPLES } from './cs-lab-constants';

type CheckInForm = z.input<typeof csCheckInSampleSchema>;

/** Confirm Received at the client-side lab: received date, received by and the initial weight (grams). */
export function CsCheckInDialog({
  sample,
  onOpenChange,
}: {
  sample: SampleEntry | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('cs-lab');
  const { fire } = useSampleAction(CS_SAMPLES.list);
  const form = useForm<CheckInForm>({
    resolver: zodResolver(csCheckInSampleSchema),
    values: {
      receivedDate: sample?.receivedDate?.slice(0, 10) ?? dayjs().format('YYYY-MM-DD'),
      receivedBy: sample?.receivedBy ?? '',
      initialWeight: sample?.initialWeight ?? (undefined as unknown as number),
      unit: sample?.unit ?? 'g',
    },
  });
  const { errors } = form.formState;

  const submit = async () => {
    if (!sample) return false;
    let queued = false;
    await form.handleSubmit(async (values) => {
      queued = Boolean(await fire('csCheckIn', sample, { body: values }));
    })();
    return queued;
  };

  return (
    <ConfirmSampleDialog
      open={sample !== null}
      onOpenChange={onOpenChange}
      title={t('checkIn.title')}
      description={sample ? t('checkIn.description', { idflNumber: sample.idflNumber }) : undefined}
      confirmLabel={t('checkIn.confirm')}
      onConfirm={submit}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="receivedDate"
          render={({ field }) => (
            <FormField
              id="cs-check-in-received-date"
              label={t('checkIn.receivedDate')}
              error={errors.receivedDate?.message}
            >
              <DatePicker
                id="cs-check-in-received-date"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                invalid={Boolean(errors.receivedDate)}
              />
            </FormField>
          )}
        />
        <Controller
          control={form.control}
          name="receivedBy"
          render={({ field }) => (
            <FormField id="cs-check-in-received-by" label={t('checkIn.receivedBy')} error={errors.receivedBy?.message}>
              <UserPicker
                id="cs-check-in-received-by"
                label={t('checkIn.receivedBy')}
                value={field.value}
                onChange={field.onChange}
                allowAnyone={false}
              />
            </FormField>
          )}
        />
        <FormField id="cs-check-in-weight" label={t('checkIn.initialWeight')} error={errors.initialWeight?.message}>
          <Input
            id="cs-check-in-weight"
            type="number"
            inputMode="decimal"
            step="any"
            min={0}
            {...form.register('initialWeight', { setValueAs: toNumber })}
          />
        </FormField>
        <FormField id="cs-check-in-unit" label={t('checkIn.unit')} error={errors.unit?.message}>
          <Input id="cs-check-in-unit" {...form.register('unit')} />
        </FormField>
      </div>
    </ConfirmSampleDialog>
  );
}
