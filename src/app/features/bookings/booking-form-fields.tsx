import type { ReactNode } from 'react';
import { Controller, get, useFormContext, type FieldPath } from 'react-hook-form';
import type { BookingFormValues } from '@/shared/schemas/booking';
import { Checkbox } from '@/app/components/ui/checkbox';
import { cn } from '@/app/components/ui/cn';
import { FieldError, FormField } from '@/app/components/ui/form-field';
import { Input } from '@/app/components/ui/input';
import { Label } from '@/app/components/ui/label';
import { Textarea } from '@/app/components/ui/textarea';

// Small building blocks of the booking form. Every control is reachable by its dotted path (input
// `name`, or `data-field` for checkboxes), which is how a failed submit finds the first bad field.

export type BookingPath = FieldPath<BookingFormValues>;

export const fieldId = (path: string) => `booking-${path.replaceAll('.', '-')}`;

export function useFieldError(path: string): string | undefined {
  const { formState } = useFormContext<BookingFormValues>();
  return (get(formState.errors, path) as { message?: string } | undefined)?.message;
}

/** A numbered section of the form, with an anchor the side guide links to. */
export function FormSection({
  id,
  number,
  title,
  description,
  children,
}: {
  id: string;
  number: number;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="grid scroll-mt-20 gap-4 rounded-xl border bg-card p-5 shadow-sm"
    >
      <header className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
        >
          {number}
        </span>
        <div className="grid gap-1">
          <h2 id={`${id}-title`} className="text-lg leading-7 font-semibold">
            {title}
          </h2>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </div>
      </header>
      {children}
    </section>
  );
}

function labelWith(label: ReactNode, required?: boolean) {
  return (
    <>
      {label}
      {required && (
        <span aria-hidden="true" className="text-destructive">
          *
        </span>
      )}
    </>
  );
}

export function TextField({
  path,
  label,
  required,
  type = 'text',
  autoComplete,
  hint,
  className,
}: {
  path: BookingPath;
  label: ReactNode;
  required?: boolean;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  hint?: ReactNode;
  className?: string;
}) {
  const { register } = useFormContext<BookingFormValues>();
  const error = useFieldError(path);
  const id = fieldId(path);
  return (
    <FormField id={id} label={labelWith(label, required)} error={error} hint={hint} className={className}>
      <Input
        id={id}
        type={type}
        autoComplete={autoComplete ?? 'off'}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...register(path)}
      />
    </FormField>
  );
}

/** Notes fields show at least 2–3 rows (spec 9). */
export function NotesField({
  path,
  label,
  rows = 3,
  hint,
  className,
}: {
  path: BookingPath;
  label: ReactNode;
  rows?: number;
  hint?: ReactNode;
  className?: string;
}) {
  const { register } = useFormContext<BookingFormValues>();
  const error = useFieldError(path);
  const id = fieldId(path);
  return (
    <FormField id={id} label={label} error={error} hint={hint} className={className}>
      <Textarea
        id={id}
        rows={Math.max(rows, 2)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...register(path)}
      />
    </FormField>
  );
}

/** A checkbox bound to a boolean (or, with `inverted`, to its opposite: "payer differs" is !isTheSameClientInfo). */
export function CheckboxField({
  path,
  label,
  hint,
  inverted,
  className,
}: {
  path: BookingPath;
  label: ReactNode;
  hint?: ReactNode;
  inverted?: boolean;
  className?: string;
}) {
  const { control } = useFormContext<BookingFormValues>();
  const error = useFieldError(path);
  const id = fieldId(path);
  return (
    <div className={cn('grid gap-1', className)}>
      <div className="flex items-start gap-2">
        <Controller
          control={control}
          name={path}
          render={({ field }) => (
            <Checkbox
              id={id}
              ref={field.ref}
              data-field={path}
              className="mt-0.5"
              checked={inverted ? field.value === false : field.value === true}
              onCheckedChange={(checked) => field.onChange(inverted ? checked !== true : checked === true)}
              onBlur={field.onBlur}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          )}
        />
        <Label htmlFor={id} className="leading-5 font-normal">
          {label}
        </Label>
      </div>
      {hint && <p className="pl-6 text-xs text-muted-foreground">{hint}</p>}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
