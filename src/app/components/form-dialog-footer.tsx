import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/app/components/ui/button';
import { DialogFooter } from '@/app/components/ui/dialog';
import { Spinner } from '@/app/components/ui/spinner';

/**
 * A form dialog's Cancel and submit buttons. The submit is disabled while saving; `showsProgress`
 * adds a spinner for saves that wait on the server (queued offline saves return at once).
 */
export function FormDialogFooter({
  onCancel,
  isSaving,
  showsProgress = false,
  submitLabel,
}: {
  onCancel: () => void;
  isSaving: boolean;
  showsProgress?: boolean;
  /** Save unless told otherwise. */
  submitLabel?: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        {t('cancel')}
      </Button>
      <Button type="submit" disabled={isSaving}>
        {showsProgress && isSaving && <Spinner />}
        {submitLabel ?? t('save')}
      </Button>
    </DialogFooter>
  );
}
