import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { csCheckInSampleSchema } from '@/shared/schemas/sample-entry';
import { receivedConditions } from '@/shared/workflow/sample-workflow';
import { OptionSelect } from '@/app/components/option-select';
import { TextareaField, TextInputField, WeightField } from '@/app/components/form-fields';
import { DatePicker } from '@/app/components/ui/date-picker';
import { FormField } from '@/app/components/ui/form-field';
import { Input } from '@/app/components/ui/input';
import { dayjs } from '@/app/lib/words/dates';
import { UserPicker } from '../user-picker';

export type CheckInForm = z.input<typeof csCheckInSampleSchema>;

/** A receipt's moment as the check-in form starts with it: the stored one, or now. */
export function receiptMoment(stored?: string | null): string {
  return stored ?? dayjs().second(0).millisecond(0).toISOString();
}

/**
 * The receipt's moment as a day and a time of day on this device's clock: a receipt happens at a
 * moment, so the form never turns it into a bare date (midnight).
 */
function ReceiptMomentInput({
  id,
  value,
  onChange,
  onBlur,
  invalid,
  timeLabel,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  invalid: boolean;
  timeLabel: string;
}) {
  const moment = dayjs(value);
  const day = moment.isValid() ? moment.format('YYYY-MM-DD') : null;
  const time = moment.isValid() ? moment.format('HH:mm') : '';
  const compose = (nextDay: string | null, nextTime: string) => {
    if (!nextDay) return onChange('');
    onChange(dayjs(`${nextDay}T${nextTime || '00:00'}`).toISOString());
  };
  return (
    <div className="flex gap-2">
      <DatePicker id={id} value={day} onChange={(next) => compose(next, time)} onBlur={onBlur} invalid={invalid} />
      <Input
        id={`${id}-time`}
        type="time"
        aria-label={timeLabel}
        className="w-32"
        value={time}
        onChange={(event) => compose(day, event.target.value)}
        onBlur={onBlur}
      />
    </div>
  );
}

/**
 * What the client-side lab records when a sample is received: the date and time, who received it (a
 * staff member chosen from the list, kept on the device for offline use, so the name is always
 * spelled the same way), the initial weight with its unit, the condition on receipt (intact unless
 * said otherwise) and a note. One sample's check-in and a scanned tray's share it.
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
            <ReceiptMomentInput
              id={id('received-date')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              invalid={Boolean(errors.receivedDate)}
              timeLabel={t('field.receivedTime')}
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
      <Controller
        control={form.control}
        name="receivedCondition"
        render={({ field }) => (
          <FormField
            id={id('condition')}
            label={t('field.receivedCondition')}
            error={errors.receivedCondition?.message}
          >
            <OptionSelect
              id={id('condition')}
              value={field.value ?? 'intact'}
              onValueChange={field.onChange}
              options={receivedConditions.map((condition) => ({
                value: condition,
                label: t(`receivedConditions.${condition}`),
              }))}
            />
          </FormField>
        )}
      />
      <TextareaField
        form={form}
        name="receiptNote"
        id={id('receipt-note')}
        label={t('field.receiptNote')}
        className="sm:col-span-2"
      />
    </div>
  );
}
