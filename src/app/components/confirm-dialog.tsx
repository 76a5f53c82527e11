import { Loader2Icon } from 'lucide-react';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerVerdict, useServerVerdict } from './server-verdict';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './ui/alert-dialog';

export type ConfirmDialogProps = {
  /** Controlled use; leave both out and pass `trigger` to let the dialog keep its own state. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The button that opens the dialog, for the uncontrolled use. */
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  /** Defaults to the common "Cancel". */
  cancelLabel?: ReactNode;
  destructive?: boolean;
  /**
   * The confirmed action. The dialog stays open while it runs and closes when it has finished; a
   * refusal it throws is shown inside the dialog, where it was asked. Returning `false` keeps the
   * dialog open without a message (the action has shown its own, e.g. on a field).
   */
  onConfirm: () => unknown;
  /** Anything the confirmation needs besides its text, e.g. one field. */
  children?: ReactNode;
};

/** The one "are you sure" dialog of the app. */
export function ConfirmDialog({
  open: openProp,
  onOpenChange,
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel,
  destructive = false,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const [ownOpen, setOwnOpen] = useState(false);
  const [isPending, setPending] = useState(false);
  const verdict = useServerVerdict();
  const open = openProp ?? ownOpen;
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    // Each opening asks afresh: an earlier refusal belongs to the earlier question.
    setWasOpen(open);
    if (open) verdict.clear();
  }

  const changeOpen = (next: boolean) => {
    // While the action runs the answer belongs to this dialog, so it cannot be dismissed.
    if (!next && isPending) return;
    setOwnOpen(next);
    onOpenChange?.(next);
  };

  const confirm = async (event: MouseEvent) => {
    // The dialog closes itself only once the action has finished.
    event.preventDefault();
    verdict.clear();
    setPending(true);
    try {
      const outcome = await onConfirm();
      setPending(false);
      if (outcome === false) return;
      setOwnOpen(false);
      onOpenChange?.(false);
    } catch (error) {
      setPending(false);
      verdict.show(error);
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={changeOpen}>
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <ServerVerdict verdict={verdict} />
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isPending}>{cancelLabel ?? t('cancel')}</AlertDialogCancel>
          <AlertDialogAction
            variant={destructive ? 'destructive' : 'default'}
            disabled={isPending}
            aria-busy={isPending || undefined}
            onClick={(event) => void confirm(event)}
          >
            {isPending && <Loader2Icon aria-hidden className="animate-spin" />}
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
