import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/app/components/form-dialog';
import { DatePicker } from '@/app/components/ui/date-picker';
import { cn } from '@/app/components/ui/cn';
import { controlPropsOf, FieldError, FormField, requiredLabel } from '@/app/components/ui/form-field';
import { Input } from '@/app/components/ui/input';
import { Label } from '@/app/components/ui/label';
import { selectTriggerClass } from '@/app/components/ui/select-trigger-class';
import { ApiError } from '@/app/lib/api/api-error';
import { handleError } from '@/app/lib/api/handle-error';
import { translateError } from '@/app/lib/words/i18n';
import { toast } from '@/app/lib/toast';
import {
  measuredElements,
  referenceMaterialInputSchema,
  referenceMaterialKinds,
  type MeasuredElement,
  type ReferenceMaterialInput,
} from '@/shared/measurement/measurement';
import { isRequiredField } from '@/shared/schemas/required-fields';
import { blankMaterial, materialFieldOf, materialResolver, type MaterialForm } from './material-forms';
import { deltaOf, elementScaleName } from './material-words';
import { useCreateReferenceMaterial, type ReferenceMaterial } from './reference-material-queries';

const required = (name: string) => isRequiredField(referenceMaterialInputSchema, name);

/**
 * A new reference material with its first values, checked by the shared schema before it is sent;
 * the server's word on a box (a name already taken) stands under that box.
 */
export function AddMaterialDialog({
  open,
  onOpenChange,
  onAdded,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Told of the material once the server has it (the list opens its screen). */
  onAdded: (material: ReferenceMaterial) => void;
}) {
  const { t } = useTranslation('reference-materials');
  const create = useCreateReferenceMaterial();
  const form = useForm<MaterialForm, unknown, ReferenceMaterialInput>({
    resolver: materialResolver,
    defaultValues: blankMaterial(),
  });
  const { errors } = form.formState;
  const close = (next: boolean) => {
    if (!next) form.reset(blankMaterial());
    onOpenChange(next);
  };
  const submit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: (material) => {
        toast.success(t('add.saved', { name: material.name }));
        close(false);
        onAdded(material);
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return handleError(error);
        if (error.code === 'referenceMaterialNameTaken')
          return form.setError('name', { message: translateError(error) }, { shouldFocus: true });
        const named = Object.entries(error.errors);
        if (named.length === 0) return handleError(error);
        for (const [path, message] of named)
          form.setError(materialFieldOf(form.getValues(), path.split('.')) as 'name', { message });
      },
    }),
  );
  const text = (name: 'name' | 'aliases' | 'material', id: string, hint?: string) => (
    <FormField
      id={id}
      label={requiredLabel(t(`fields.${name}`), required(name))}
      error={errors[name]?.message}
      hint={hint}
    >
      <Input
        {...controlPropsOf(id, errors[name]?.message)}
        aria-required={required(name) || undefined}
        autoComplete="off"
        {...form.register(name)}
      />
    </FormField>
  );
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={t('add.title')}
      description={t('add.description')}
      onSubmit={submit}
      isSaving={create.isPending}
      showsProgress
      submitLabel={t('add.submit')}
      className="max-h-[95vh] overflow-y-auto sm:max-w-3xl"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {text('name', 'rm-name')}
        {text('aliases', 'rm-aliases', t('add.aliasesHint'))}
        {text('material', 'rm-material')}
        <FormField id="rm-kind" label={requiredLabel(t('fields.kind'), required('kind'))} error={errors.kind?.message}>
          <select id="rm-kind" className={selectTriggerClass} {...form.register('kind')}>
            {referenceMaterialKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kinds.${kind}`)}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <fieldset className="grid gap-3">
        <legend className="text-sm font-medium">{t('add.values')}</legend>
        <p className="text-xs text-muted-foreground">{t('add.valuesHint')}</p>
        <ElementRows form={form} />
      </fieldset>
    </FormDialog>
  );
}

/** The columns of the elements' rows, from a tablet's width: element, value, uncertainty, scale, day. */
const ROW_COLUMNS = 'sm:grid-cols-[3.5rem_minmax(0,1fr)_minmax(0,1fr)_4rem_minmax(0,1.4fr)]';

/** The elements' rows under one line of column names; each box keeps its full name for a reader. */
function ElementRows({ form }: { form: MaterialFormApi }) {
  const { t } = useTranslation('reference-materials');
  return (
    <div className="grid gap-2">
      <div
        aria-hidden="true"
        className={cn('hidden gap-2 text-xs font-medium text-muted-foreground sm:grid', ROW_COLUMNS)}
      >
        <span>{t('fields.element')}</span>
        <span>{t('fields.value')}</span>
        <span>{t('fields.uncertainty')}</span>
        <span>{t('fields.scale')}</span>
        <span>{t('fields.validFrom')}</span>
      </div>
      {measuredElements.map((element) => (
        <ElementRow key={element} element={element} form={form} />
      ))}
    </div>
  );
}

type MaterialFormApi = ReturnType<typeof useForm<MaterialForm, unknown, ReferenceMaterialInput>>;

/** A box of an element's row: its label is read (and shown on a phone), the column's name shows above. */
function RowField({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-1">
      <Label htmlFor={id} className="text-xs sm:sr-only">
        {label}
      </Label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** One element's value, uncertainty, scale and day. */
function ElementRow({ element, form }: { element: MeasuredElement; form: MaterialFormApi }) {
  const { t } = useTranslation('reference-materials');
  const errors = form.formState.errors.values?.[element];
  const id = `rm-${element}`;
  const delta = deltaOf(element);
  const label = (field: string) => `${t(`fields.${field}`)}, ${delta}`;
  return (
    <div className={cn('grid items-start gap-2 border-t pt-2 sm:border-t-0 sm:pt-0', ROW_COLUMNS)}>
      <p className="text-sm font-semibold sm:pt-2">{delta}</p>
      <RowField id={`${id}-value`} label={label('value')} error={errors?.value?.message}>
        <Input
          {...controlPropsOf(`${id}-value`, errors?.value?.message)}
          type="number"
          inputMode="decimal"
          step="any"
          {...form.register(`values.${element}.value`)}
        />
      </RowField>
      <RowField id={`${id}-uncertainty`} label={label('uncertainty')} error={errors?.uncertainty?.message}>
        <Input
          {...controlPropsOf(`${id}-uncertainty`, errors?.uncertainty?.message)}
          type="number"
          inputMode="decimal"
          step="any"
          min="0"
          {...form.register(`values.${element}.uncertainty`)}
        />
      </RowField>
      <p className="grid content-start gap-1 text-sm sm:pt-2">
        <span className="text-xs font-medium sm:sr-only">{label('scale')}</span>
        {elementScaleName(element)}
      </p>
      <RowField id={`${id}-valid-from`} label={label('validFrom')} error={errors?.validFrom?.message}>
        <Controller
          control={form.control}
          name={`values.${element}.validFrom`}
          render={({ field }) => (
            <DatePicker
              id={`${id}-valid-from`}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              invalid={Boolean(errors?.validFrom)}
            />
          )}
        />
      </RowField>
    </div>
  );
}
