import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/app/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/app/components/ui/dialog';
import { Spinner } from '@/app/components/ui/spinner';
import { handleError } from '@/app/lib/api/handle-error';

/** Whether a dialog is open, and how it is told to close (or open). */
export type DialogState = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

export type FormDialogProps = DialogState & {
  /** The dialog's title, which also names its form for assistive technology. */
  title: string;
  description?: ReactNode;
  /** Told of the submit; the page does not reload (the event's default is prevented first). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  /** The submit is disabled while saving. */
  isSaving: boolean;
  /** A spinner on the submit, for saves that wait on the server (queued offline saves return at once). */
  showsProgress?: boolean;
  /** Save unless told otherwise. */
  submitLabel?: ReactNode;
  /** Cancel unless told otherwise. */
  cancelLabel?: ReactNode;
  /** A submit that destroys or cancels something is shown as such. */
  destructive?: boolean;
  /** Classes of the dialog's panel, e.g. its width. */
  className?: string;
  children: ReactNode;
};

/**
 * The one frame of a dialog that holds a form: the title (which names the form), an optional
 * description, the fields, and Cancel and submit at the foot. Cancel closes through `onOpenChange`,
 * as Escape and the close button do, so whatever the caller resets on closing is reset alike.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  onSubmit,
  isSaving,
  showsProgress = false,
  submitLabel,
  cancelLabel,
  destructive = false,
  className,
  children,
}: FormDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>
        <form
          noValidate
          className="grid gap-4"
          aria-label={title}
          onSubmit={(event) => {
            event.preventDefault();
            void onSubmit(event);
          }}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            {description && <DialogDescription>{description}</DialogDescription>}
          </DialogHeader>
          {children}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {cancelLabel ?? t('cancel')}
            </Button>
            <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={isSaving}>
              {showsProgress && isSaving && <Spinner />}
              {submitLabel ?? t('save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * A form dialog's save that goes to the outbox or the server: the dialog is busy while it runs and
 * closes once it is done, unless the save answers false (nothing was queued); a failure goes to the
 * central handler.
 */
export function useDialogSave(onOpenChange: (open: boolean) => void) {
  const [isSaving, setSaving] = useState(false);
  const save = async (work: () => Promise<boolean | void>) => {
    setSaving(true);
    try {
      if ((await work()) !== false) onOpenChange(false);
    } catch (error) {
      handleError(error);
    } finally {
      setSaving(false);
    }
  };
  return { isSaving, save };
}
