import type { ComponentProps, ReactNode } from 'react';
import { get, type FieldValues, type Path, type RegisterOptions, type UseFormReturn } from 'react-hook-form';
import { controlPropsOf, FormField, requiredLabel } from '@/app/components/ui/form-field';
import { Input } from '@/app/components/ui/input';
import { Textarea } from '@/app/components/ui/textarea';

// Text fields of a react-hook-form form, each with its label, hint and message: the control says it
// is invalid and points at the message under it, the same way in every form of the app.

/**
 * A form as its fields see it: what a resolver turns the values into does not matter to a field, only
 * the values it registers, so any context and output are taken.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FormOf<T extends FieldValues> = UseFormReturn<T, any, any>;

type RegisteredField<T extends FieldValues> = {
  form: FormOf<T>;
  name: Path<T>;
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Classes of the field as a whole (label, control and message), e.g. its span in a grid. */
  className?: string;
  registerOptions?: RegisterOptions<T, Path<T>>;
  /** Marks the field required (a red star, aria-required): give it isRequiredField(schema, name). */
  required?: boolean;
};

function useFieldState<T extends FieldValues>({ form, name, id }: RegisteredField<T>) {
  const error = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  return { error, controlProps: controlPropsOf(id, error) };
}

/** A one-line text field; the rest of its props go to the input (type, inputMode, autoComplete…). */
export function TextInputField<T extends FieldValues>(
  props: RegisteredField<T> & Omit<ComponentProps<typeof Input>, keyof RegisteredField<T> | 'form'>,
) {
  const { form, name, id, label, hint, className, registerOptions, required, ...input } = props;
  const { error, controlProps } = useFieldState(props);
  return (
    <FormField id={id} label={requiredLabel(label, required === true)} error={error} hint={hint} className={className}>
      <Input
        {...input}
        {...controlProps}
        aria-required={required || undefined}
        {...form.register(name, registerOptions)}
      />
    </FormField>
  );
}

/** A notes field of a few rows. */
export function TextareaField<T extends FieldValues>(props: RegisteredField<T> & { rows?: number }) {
  const { form, name, id, label, hint, className, registerOptions, required, rows = 2 } = props;
  const { error, controlProps } = useFieldState(props);
  return (
    <FormField id={id} label={requiredLabel(label, required === true)} error={error} hint={hint} className={className}>
      <Textarea
        {...controlProps}
        rows={rows}
        aria-required={required || undefined}
        {...form.register(name, registerOptions)}
      />
    </FormField>
  );
}

/**
 * A decimal entered as the laboratory types it, with a comma or a point; an empty box is "not
 * entered" (null), so that a required value says so rather than counting as zero.
 */
export function readDecimal(value: unknown): number | null {
  if (value === '' || value === null || value === undefined) return null;
  return typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
}

/** A field for a decimal such as a δ value or a coordinate. */
export function DecimalField<T extends FieldValues>(props: RegisteredField<T>) {
  return <TextInputField {...props} inputMode="decimal" registerOptions={{ setValueAs: readDecimal }} />;
}

/**
 * A weight (in the sample's unit): a number, not below zero. An empty box is "not weighed", held as
 * `emptyAs`: undefined where a weight is required (the form then says so), null where it is optional.
 */
export function WeightField<T extends FieldValues>({
  emptyAs,
  ...props
}: RegisteredField<T> & { emptyAs: null | undefined }) {
  const readWeight = (value: unknown) => {
    if (value === '' || value === null || value === undefined) return emptyAs;
    const number = Number(value);
    return Number.isFinite(number) ? number : emptyAs;
  };
  return (
    <TextInputField
      {...props}
      type="number"
      inputMode="decimal"
      step="any"
      min={0}
      registerOptions={{ setValueAs: readWeight }}
    />
  );
}
