import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/app/components/form-dialog';
import { DatePicker } from '@/app/components/ui/date-picker';
import { controlPropsOf, FormField, requiredLabel } from '@/app/components/ui/form-field';
import { formatDisplayDate } from '@/app/components/ui/display-date';
import { Input } from '@/app/components/ui/input';
import { ApiError } from '@/app/lib/api/api-error';
import { handleError } from '@/app/lib/api/handle-error';
import { toast } from '@/app/lib/toast';
import {
  referenceValueInputSchema,
  type MeasuredElement,
  type ReferenceValueInput,
} from '@/shared/measurement/measurement';
import { isRequiredField } from '@/shared/schemas/required-fields';
import { blankValueRow, valueFieldOf, valueResolver, type ValueRowForm } from './material-forms';
import { deltaOf, elementScaleName } from './material-words';
import { useAddReferenceValue } from './reference-material-queries';

const required = (name: keyof ValueRowForm) => isRequiredField(referenceValueInputSchema, name);

/**
 * A new version of one element's value: never an edit. The server answers what was computed on the
 * earlier version; the material's screen then lists it for recomputation.
 */
export function NewValueDialog({
  material,
  element,
  open,
  onOpenChange,
}: {
  material: { id: number; name: string };
  element: MeasuredElement;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation('reference-materials');
  const add = useAddReferenceValue(material.id);
  const form = useForm<ValueRowForm, unknown, ReferenceValueInput>({
    resolver: valueResolver(element),
    defaultValues: blankValueRow(),
  });
  const { errors } = form.formState;
  const delta = deltaOf(element);
  const close = (next: boolean) => {
    if (!next) form.reset(blankValueRow());
    onOpenChange(next);
  };
  const submit = form.handleSubmit((input) =>
    add.mutate(input, {
      onSuccess: ({ impact }) => {
        toast.success(t('newValue.saved', { count: impact.runs.length }));
        close(false);
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return handleError(error);
        if (error.code === 'referenceValueExists')
          return form.setError(
            'validFrom',
            {
              message: t('newValue.exists', {
                element: delta,
                date: formatDisplayDate(input.validFrom, i18n.language),
              }),
            },
            { shouldFocus: true },
          );
        const named = Object.entries(error.errors);
        if (named.length === 0) return handleError(error);
        for (const [path, message] of named)
          form.setError(valueFieldOf(path.split('.')) as keyof ValueRowForm, { message });
      },
    }),
  );
  const id = `nv-${element}`;
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={t('newValue.title', { element: delta, name: material.name })}
      description={t('newValue.description')}
      onSubmit={submit}
      isSaving={add.isPending}
      showsProgress
      submitLabel={t('newValue.submit')}
      className="sm:max-w-xl"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={`${id}-value`}
          label={requiredLabel(t('fields.value'), required('value'))}
          error={errors.value?.message}
        >
          <Input
            {...controlPropsOf(`${id}-value`, errors.value?.message)}
            aria-required={required('value') || undefined}
            type="number"
            inputMode="decimal"
            step="any"
            {...form.register('value')}
          />
        </FormField>
        <FormField
          id={`${id}-uncertainty`}
          label={requiredLabel(t('fields.uncertainty'), required('uncertainty'))}
          error={errors.uncertainty?.message}
        >
          <Input
            {...controlPropsOf(`${id}-uncertainty`, errors.uncertainty?.message)}
            type="number"
            inputMode="decimal"
            step="any"
            min="0"
            {...form.register('uncertainty')}
          />
        </FormField>
        <FormField id={`${id}-scale`} label={t('fields.scale')}>
          <Input id={`${id}-scale`} value={elementScaleName(element)} readOnly tabIndex={-1} />
        </FormField>
        <FormField
          id={`${id}-valid-from`}
          label={requiredLabel(t('fields.validFrom'), required('validFrom'))}
          error={errors.validFrom?.message}
        >
          <Controller
            control={form.control}
            name="validFrom"
            render={({ field }) => (
              <DatePicker
                id={`${id}-valid-from`}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                invalid={Boolean(errors.validFrom)}
                aria-describedby={errors.validFrom ? `${id}-valid-from-error` : undefined}
              />
            )}
          />
        </FormField>
      </div>
      <FormField
        id={`${id}-source`}
        label={requiredLabel(t('fields.source'), required('source'))}
        error={errors.source?.message}
        hint={t('newValue.sourceHint')}
      >
        <Input
          {...controlPropsOf(`${id}-source`, errors.source?.message)}
          autoComplete="off"
          {...form.register('source')}
        />
      </FormField>
    </FormDialog>
  );
}
