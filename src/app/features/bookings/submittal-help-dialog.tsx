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
import { GuideNotes, GuideSteps } from './submittal-guide';

/** The order form's help: the guide's steps and notes in a dialog. */
export function SubmittalHelpDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('submittal');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('help.title')}</DialogTitle>
          <DialogDescription>{t('help.description')}</DialogDescription>
        </DialogHeader>
        <GuideSteps />
        <GuideNotes />
        <DialogFooter>
          <Button onClick={() => onOpenChange(false)}>{t('common:close')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
