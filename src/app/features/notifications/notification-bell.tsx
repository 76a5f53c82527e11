import dayjs from 'dayjs';
import { BellIcon, XIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/app/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/app/components/ui/dropdown-menu';
import { clearNotifications, removeNotification, useNotifications } from './notification-store';

export function NotificationBell() {
  const { t } = useTranslation('layout');
  const notifications = useNotifications();
  const count = notifications.length;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={t('notifications', { count })}>
          <BellIcon />
          {count > 0 && (
            <span
              data-testid="notification-count"
              className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] font-semibold text-white"
            >
              {count > 99 ? '99+' : count}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80">
        <div className="flex items-center justify-between">
          <DropdownMenuLabel>{t('notificationsTitle')}</DropdownMenuLabel>
          {count > 0 && (
            <Button variant="link" size="sm" onClick={clearNotifications}>
              {t('clearAll')}
            </Button>
          )}
        </div>
        <DropdownMenuSeparator />
        {count === 0 ? (
          <p className="px-2 py-4 text-center text-sm text-muted-foreground">{t('noNotifications')}</p>
        ) : (
          <ul className="max-h-80 overflow-y-auto">
            {notifications.map((n) => (
              <li key={n.id} className="flex items-start gap-2 rounded-sm px-2 py-2 hover:bg-accent">
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium">{n.title}</p>
                  <p className="text-sm break-words text-muted-foreground">{n.message}</p>
                  <p className="text-xs text-muted-foreground">{dayjs(n.time).format('D MMMM YYYY HH:mm')}</p>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-6"
                  aria-label={t('removeNotification')}
                  onClick={() => removeNotification(n.id)}
                >
                  <XIcon />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
