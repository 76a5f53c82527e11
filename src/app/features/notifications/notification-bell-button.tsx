import { BellIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '@/app/components/ui/button';

/** The bell's button: the same before and after its popover is fetched (notification-bell.tsx). */
export function BellButton({ unread, ...props }: ButtonProps & { unread: number }) {
  const { t } = useTranslation('notifications');
  return (
    // Named by its own (screen-reader) text, which holds the count the badge shows.
    <Button variant="ghost" size="icon" className="relative" {...props}>
      <BellIcon />
      <span className="sr-only">{t('bell', { count: unread })}</span>
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="notification-count"
          className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] font-semibold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Button>
  );
}
