import { UserIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '@/app/components/ui/button';

/** The user menu's button: the same before and after the menu itself is fetched (user-menu.tsx). */
export function UserMenuButton(props: ButtonProps) {
  const { t } = useTranslation('layout');
  return (
    <Button variant="ghost" size="icon" aria-label={t('userMenu')} className="rounded-full bg-muted" {...props}>
      <UserIcon />
    </Button>
  );
}
