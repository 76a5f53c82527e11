import { createContext, useContext, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingFormValues, BookingInput } from '@/shared/schemas/booking';
import { Checkbox } from '@/app/components/ui/checkbox';
import { cn } from '@/app/components/ui/cn';
import { controlPropsOf, FieldError, FormField, requiredLabel } from '@/app/components/ui/form-field';
import { useFormError, useFormValue, type FormState, type PathOf } from '@/app/lib/form-state';
import { Input } from '@/app/components/ui/input';
import { Label } from '@/app/components/ui/label';
import { Textarea } from '@/app/components/ui/textarea';

// Small building blocks of the booking form. Every control is reachable by its dotted path (input
// `name`, or `data-field` for checkboxes), which is how a failed submit finds the first bad field.

export type BookingPath = PathOf<BookingFormValues>;

/** The booking form's state: what it holds, and what its check hands on to be sent. */
export type BookingFormApi = FormState<BookingFormValues, BookingInput>;

const BookingFormContext = createContext<BookingFormApi | null>(null);

export const BookingFormProvider = BookingFormContext.Provider;

/** The booking form the control is part of. */
export function useBookingFormState(): BookingFormApi {
  const form = useContext(BookingFormContext);
  if (!form) throw new Error('A booking form control outside a booking form');
  return form;
}

const fieldId = (path: string) => `booking-${path.replaceAll('.', '-')}`;

export function useFieldError(path: BookingPath): string | undefined {
  return useFormError(useBookingFormState(), path);
}

/** A text input's value and change handler; an unset value shows as an empty box. */
export function useTextControl(path: BookingPath) {
  const form = useBookingFormState();
  const value = useFormValue(form, path);
  return {
    name: path,
    value: typeof value === 'string' ? value : '',
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => form.setValue(path, event.target.value),
  };
}

/**
 * The form's sections, in page order, each with the words it shows: the number a section shows is its
 * place here, its anchor (which the side guide links to) comes from its key.
 */
const BOOKING_SECTIONS = {
  applicant: 'bookings:form.applicant',
  samples: 'bookings:form.samples',
  payer: 'bookings:form.payer',
  factory: 'bookings:form.factory',
  retailer: 'bookings:form.retailer',
  review: 'bookings:form.review',
  help: 'submittal:support',
} as const;

export type BookingSectionKey = keyof typeof BOOKING_SECTIONS;

export const sectionId = (section: BookingSectionKey) => `booking-section-${section}`;

/** A numbered section of the form, with an anchor the side guide links to. */
export function FormSection({ section, children }: { section: BookingSectionKey; children: ReactNode }) {
  const { t } = useTranslation();
  const id = sectionId(section);
  const number = Object.keys(BOOKING_SECTIONS).indexOf(section) + 1;
  const words = BOOKING_SECTIONS[section];
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
            {t(`${words}.title`)}
          </h2>
          <p className="text-sm text-muted-foreground">{t(`${words}.description`)}</p>
        </div>
      </header>
      {children}
    </section>
  );
}

/**
 * What every control of the form carries: its id (from its path), and its error, announced through
 * `aria-invalid` and `aria-describedby` pointing at the message under it.
 */
export function useBookingControl(path: BookingPath) {
  const error = useFieldError(path);
  const id = fieldId(path);
  return { id, error, controlProps: controlPropsOf(id, error) };
}

/** What every field of the form is given: the value's path, its label, a hint and its place in the grid. */
type BookingFieldProps = { path: BookingPath; label: ReactNode; hint?: ReactNode; className?: string };

export function TextField({
  path,
  label,
  hint,
  className,
  required,
  type = 'text',
  autoComplete,
}: BookingFieldProps & { required?: boolean; type?: 'text' | 'email' | 'tel'; autoComplete?: string }) {
  const text = useTextControl(path);
  const { id, error, controlProps } = useBookingControl(path);
  return (
    <FormField id={id} label={requiredLabel(label, required === true)} error={error} hint={hint} className={className}>
      <Input
        {...controlProps}
        type={type}
        autoComplete={autoComplete ?? 'off'}
        aria-required={required || undefined}
        {...text}
      />
    </FormField>
  );
}

/** Notes fields show at least 2–3 rows. */
export function NotesField({ path, label, hint, className, rows = 3 }: BookingFieldProps & { rows?: number }) {
  const text = useTextControl(path);
  const { id, error, controlProps } = useBookingControl(path);
  return (
    <FormField id={id} label={label} error={error} hint={hint} className={className}>
      <Textarea {...controlProps} rows={Math.max(rows, 2)} {...text} />
    </FormField>
  );
}

/** A checkbox bound to a boolean (or, with `inverted`, to its opposite: "payer differs" is !isTheSameClientInfo). */
export function CheckboxField({ path, label, hint, className, inverted }: BookingFieldProps & { inverted?: boolean }) {
  const form = useBookingFormState();
  const value = useFormValue(form, path);
  const { id, error, controlProps } = useBookingControl(path);
  return (
    <div className={cn('grid gap-1', className)}>
      <div className="flex items-start gap-2">
        <Checkbox
          {...controlProps}
          data-field={path}
          className="mt-0.5"
          checked={inverted ? value === false : value === true}
          onCheckedChange={(checked) => form.setValue(path, inverted ? checked !== true : checked === true)}
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
