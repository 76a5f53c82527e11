import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '@/app/components/form-dialog';
import { Checkbox } from '@/app/components/ui/checkbox';
import { FieldError } from '@/app/components/ui/form-field';
import { Label } from '@/app/components/ui/label';

const CONFIRMATION_REQUIRED = 'Please confirm all information is correct.';

/** The workflow dialogs' rule: nothing is sent until the person ticks the confirmation. */
const confirmationSchema = z.literal(true, { error: CONFIRMATION_REQUIRED });

/**
 * The shell of Confirm Transfer, Confirm Received and Return Result: what is about to happen (the
 * children, e.g. Review Sample or a few fields), the confirmation checkbox, and the confirm button.
 * `onConfirm` runs only once the box is ticked; it answers true to close the dialog (false keeps it
 * open, e.g. when the caller's own fields are invalid).
 */
export function ConfirmSampleDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  children,
  wide,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<boolean | void> | boolean | void;
  children?: ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation('samples');
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [isBusy, setBusy] = useState(false);

  const changeOpen = (next: boolean) => {
    if (!next) {
      setConfirmed(false);
      setError(undefined);
    }
    onOpenChange(next);
  };

  const confirm = async () => {
    const checked = confirmationSchema.safeParse(confirmed);
    if (!checked.success) {
      setError(CONFIRMATION_REQUIRED);
      return;
    }
    setBusy(true);
    try {
      const outcome = await onConfirm();
      if (outcome !== false) changeOpen(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={changeOpen}
      title={title}
      description={description}
      onSubmit={confirm}
      isSaving={isBusy}
      submitLabel={confirmLabel}
      className={wide ? 'max-h-[90vh] overflow-y-auto sm:max-w-3xl' : 'max-h-[90vh] overflow-y-auto'}
    >
      {children}
      <div className="grid gap-1">
        <div className="flex items-center gap-2">
          <Checkbox
            id="confirm-sample-information"
            checked={confirmed}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'confirm-sample-information-error' : undefined}
            onCheckedChange={(value) => {
              setConfirmed(value === true);
              if (value === true) setError(undefined);
            }}
          />
          <Label htmlFor="confirm-sample-information">{t('confirmation')}</Label>
        </div>
        <FieldError id="confirm-sample-information-error" message={error} />
      </div>
    </FormDialog>
  );
}
