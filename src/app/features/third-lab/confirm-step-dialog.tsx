import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/app/components/ui/button';
import { Checkbox } from '@/app/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/app/components/ui/dialog';
import { FieldError } from '@/app/components/ui/form-field';
import { Label } from '@/app/components/ui/label';

export const CONFIRMATION_REQUIRED = 'Please confirm all information is correct.';

export type SummaryRow = { label: string; value: ReactNode };

/**
 * A workflow step that moves a sample on (Confirm Received, Return Result): the facts to check,
 * and the spec's confirmation checkbox, which must be ticked before the step is taken.
 */
export function ConfirmStepDialog({
  open,
  onOpenChange,
  title,
  description,
  rows,
  confirmLabel,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  rows: SummaryRow[];
  confirmLabel: string;
  onConfirm: () => Promise<void> | void;
}) {
  const { t } = useTranslation('third-lab');
  const checkboxId = useId();
  const [isChecked, setChecked] = useState(false);
  const [error, setError] = useState<string>();
  const [isBusy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) {
      setChecked(false);
      setError(undefined);
    }
  }, [open]);

  const confirm = async () => {
    if (!isChecked) {
      setError(CONFIRMATION_REQUIRED);
      return;
    }
    setBusy(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description && <DialogDescription>{description}</DialogDescription>}
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {rows.map((row) => (
            <div key={row.label} className="contents">
              <dt className="text-muted-foreground">{row.label}</dt>
              <dd className="font-medium break-words">{row.value ?? '—'}</dd>
            </div>
          ))}
        </dl>
        <div className="grid gap-1">
          <div className="flex items-center gap-2">
            <Checkbox
              id={checkboxId}
              checked={isChecked}
              aria-invalid={error ? true : undefined}
              onCheckedChange={(value) => {
                setChecked(value === true);
                if (value === true) setError(undefined);
              }}
            />
            <Label htmlFor={checkboxId}>{t('confirmCheckbox')}</Label>
          </div>
          <FieldError message={error} />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('common:cancel')}
          </Button>
          <Button onClick={() => void confirm()} disabled={isBusy}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
