import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog } from '@/app/components/form-dialog';
import { DatePicker } from '@/app/components/ui/date-picker';
import { FormField } from '@/app/components/ui/form-field';
import { Input } from '@/app/components/ui/input';
import { selectTriggerClass } from '@/app/components/ui/select-trigger-class';
import { Textarea } from '@/app/components/ui/textarea';
import { ApiError } from '@/app/lib/api/api-error';
import { handleError } from '@/app/lib/api/handle-error';
import { labTimeZone } from '@/app/lib/words/lab-time-zone';
import { toast } from '@/app/lib/toast';
import { dayInTimeZone } from '@/shared/display-date';
import { measuredElements, type MeasuredElement } from '@/shared/measurement/measurement';
import { proficiencySigmaDefaults, proficiencyTestInputSchema } from '@/shared/measurement/measurement-uncertainty';
import { useRecordProficiencyTest } from './proficiency-queries';
import { formatFixed } from '@/shared/measurement/quantities';

type RoundForm = z.input<typeof proficiencyTestInputSchema>;

/** An empty number field is no number: the schema says so under the field. */
const asNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);
/** σp left empty is the element's default, which the server applies. */
const asOptionalNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

const fields = [
  'scheme',
  'round',
  'roundDate',
  'material',
  'element',
  'assignedValue',
  'laboratoryValue',
  'sigma',
  'notes',
] as const;
type Field = (typeof fields)[number];
const isField = (name: string): name is Field => (fields as readonly string[]).includes(name);

function blankRound(): RoundForm {
  return {
    scheme: '',
    round: '',
    roundDate: dayInTimeZone(new Date(), labTimeZone()),
    material: '',
    element: 'carbon',
    assignedValue: undefined as unknown as number,
    laboratoryValue: undefined as unknown as number,
    sigma: proficiencySigmaDefaults.carbon,
    notes: '',
  };
}

/** Records one round; the server answers its z and class, said in the toast. */
export function RecordRoundDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('quality');
  const record = useRecordProficiencyTest();
  const form = useForm<RoundForm, unknown, z.output<typeof proficiencyTestInputSchema>>({
    resolver: zodResolver(proficiencyTestInputSchema),
    defaultValues: blankRound(),
  });
  const { errors } = form.formState;
  const element = useWatch({ control: form.control, name: 'element' });
  const submit = form.handleSubmit((values) =>
    record.mutate(values, {
      onSuccess: (saved) => {
        toast.success(t('proficiency.saved', { z: formatFixed(saved.z, 2), outcome: t(`outcomes.${saved.outcome}`) }));
        form.reset(blankRound());
        onOpenChange(false);
      },
      onError: (error) => {
        // The server's word on a field stands under that field; anything else is said as elsewhere.
        const named = error instanceof ApiError ? Object.entries(error.errors).filter(([field]) => isField(field)) : [];
        if (named.length === 0) return handleError(error);
        for (const [field, message] of named) form.setError(field as Field, { message });
      },
    }),
  );
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset(blankRound());
        onOpenChange(next);
      }}
      title={t('proficiency.addTitle')}
      onSubmit={submit}
      isSaving={record.isPending}
      showsProgress
      submitLabel={t('proficiency.save')}
      cancelLabel={t('proficiency.cancel')}
      className="sm:max-w-2xl"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="pt-scheme" label={t('proficiency.columns.scheme')} error={errors.scheme?.message}>
          <Input id="pt-scheme" autoComplete="off" {...form.register('scheme')} />
        </FormField>
        <FormField id="pt-round" label={t('proficiency.columns.round')} error={errors.round?.message}>
          <Input id="pt-round" autoComplete="off" {...form.register('round')} />
        </FormField>
        <FormField id="pt-round-date" label={t('proficiency.columns.roundDate')} error={errors.roundDate?.message}>
          <Controller
            control={form.control}
            name="roundDate"
            render={({ field }) => (
              <DatePicker
                id="pt-round-date"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                invalid={Boolean(errors.roundDate)}
              />
            )}
          />
        </FormField>
        <FormField id="pt-material" label={t('proficiency.columns.material')} error={errors.material?.message}>
          <Input id="pt-material" autoComplete="off" {...form.register('material')} />
        </FormField>
        <FormField id="pt-element" label={t('proficiency.columns.element')} error={errors.element?.message}>
          <select
            id="pt-element"
            className={selectTriggerClass}
            {...form.register('element', {
              // σp follows the element: its default unless the scheme states another.
              onChange: (event: { target: { value: string } }) => {
                const chosen = event.target.value as MeasuredElement;
                if (chosen in proficiencySigmaDefaults) form.setValue('sigma', proficiencySigmaDefaults[chosen]);
              },
            })}
          >
            {measuredElements.map((value) => (
              <option key={value} value={value}>
                {t(`elements.${value}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          id="pt-sigma"
          label={t('proficiency.columns.sigma')}
          error={errors.sigma?.message}
          hint={t('proficiency.sigmaHint', { sigma: proficiencySigmaDefaults[element] ?? '' })}
        >
          <Input
            id="pt-sigma"
            type="number"
            inputMode="decimal"
            step="any"
            {...form.register('sigma', { setValueAs: asOptionalNumber })}
          />
        </FormField>
        <FormField
          id="pt-assigned"
          label={t('proficiency.columns.assignedValue')}
          error={errors.assignedValue?.message}
        >
          <Input
            id="pt-assigned"
            type="number"
            inputMode="decimal"
            step="any"
            {...form.register('assignedValue', { setValueAs: asNumber })}
          />
        </FormField>
        <FormField
          id="pt-laboratory"
          label={t('proficiency.columns.laboratoryValue')}
          error={errors.laboratoryValue?.message}
        >
          <Input
            id="pt-laboratory"
            type="number"
            inputMode="decimal"
            step="any"
            {...form.register('laboratoryValue', { setValueAs: asNumber })}
          />
        </FormField>
      </div>
      <FormField id="pt-notes" label={t('proficiency.columns.notes')} error={errors.notes?.message}>
        <Textarea id="pt-notes" rows={2} {...form.register('notes')} />
      </FormField>
    </FormDialog>
  );
}
