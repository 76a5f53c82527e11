import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';
import { Label } from './label';

/** A label, with the red star of a required field (the one marker of every form). It
 * stands here, beside FormField, so the public order form reads it without the form library. */
export function requiredLabel(label: ReactNode, required: boolean) {
  return (
    <>
      {label}
      {required && (
        <span aria-hidden="true" className="text-destructive" data-required-mark="">
          *
        </span>
      )}
    </>
  );
}

/** What a control says of its field's error: that it is invalid, and where the message stands. */
export function controlPropsOf(id: string, error: string | undefined) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
}

/**
 * A label, a control and its validation message. Messages from the shared zod schemas are English
 * sentences; they are translated through the `validation` namespace keyed by the sentence itself.
 */
export function FormField({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && <p className="text-xs text-muted-foreground">{hint}</p>}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id?: string; message?: string }) {
  const { t } = useTranslation('validation');
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-destructive">
      {t(message)}
    </p>
  );
}
