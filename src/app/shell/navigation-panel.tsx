import { useTranslation } from 'react-i18next';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/app/components/ui/sheet';
import { Sidebar } from './sidebar';

/**
 * The sidebar as a sliding panel on narrow screens, fetched with the first press of the menu button
 * (app-layout.tsx): Radix's dialog is not needed for a staff screen's first paint.
 */
export function NavigationPanel({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('layout');
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent>
        <SheetTitle className="sr-only">{t('mainNavigation')}</SheetTitle>
        <SheetDescription className="sr-only">{t('mainNavigation')}</SheetDescription>
        <Sidebar mini={false} onNavigate={() => onOpenChange(false)} />
      </SheetContent>
    </Sheet>
  );
}
