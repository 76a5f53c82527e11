import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { csCheckInSampleSchema } from '@/shared/schemas/sample-entry';
import { TextInputField, WeightField } from '@/app/components/form-fields';
import { DatePicker } from '@/app/components/ui/date-picker';
import { FormField } from '@/app/components/ui/form-field';
import { UserPicker } from './user-picker';

export type CheckInForm = z.input<typeof csCheckInSampleSchema>;

/**
 * What the client-side lab records when a sample is received: the date, who received it (a staff
 * member chosen from the list, kept on the device for offline use, so the name is always spelled the
 * same way) and the initial weight with its unit. One sample's check-in and a scanned tray's share it.
 */
export function CheckInFields({
  form,
  idPrefix,
  weightLabel,
  weightHint,
}: {
  form: UseFormReturn<CheckInForm>;
  /** Makes the field ids unique on the page. */
  idPrefix: string;
  weightLabel: string;
  weightHint?: string;
}) {
  const { t } = useTranslation('samples');
  const { errors } = form.formState;
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Controller
        control={form.control}
        name="receivedDate"
        render={({ field }) => (
          <FormField id={id('received-date')} label={t('field.receivedDate')} error={errors.receivedDate?.message}>
            <DatePicker
              id={id('received-date')}
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
          <FormField id={id('received-by')} label={t('field.receivedBy')} error={errors.receivedBy?.message}>
            <UserPicker
              id={id('received-by')}
              label={t('field.receivedBy')}
              value={field.value}
              onChange={field.onChange}
              allowAnyone={false}
            />
          </FormField>
        )}
      />
      <WeightField
        form={form}
        name="initialWeight"
        id={id('weight')}
        label={weightLabel}
        hint={weightHint}
        emptyAs={undefined}
      />
      <TextInputField form={form} name="unit" id={id('unit')} label={t('field.unit')} />
    </div>
  );
}
