import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { XIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/app/components/ui/button';
import { cn } from '@/app/components/ui/cn';
import { Popover, PopoverContent, PopoverTrigger } from '@/app/components/ui/popover';
import { Separator } from '@/app/components/ui/separator';
import {
  type BellNotification,
  notificationQueries,
  PAGE_SIZE,
  useClearNotifications,
  useMarkAllRead,
  useMarkRead,
  useRemoveNotification,
} from './notification-queries';
import { BellButton } from './notification-bell-button';
import { notificationWords } from './notification-words';
import { formatMoment } from '@/app/components/ui/display-date';

// The API's largest page.
const MAX_LIMIT = 200;

/**
 * The bell once fetched (notification-bell.tsx): the unread count, the list, read and remove.
 * A popover (a dialog), not a menu: it holds a list with buttons, which a menu may not contain.
 */
export function NotificationPopover({ defaultOpen }: { defaultOpen: boolean }) {
  const { t, i18n } = useTranslation('notifications');
  const navigate = useNavigate();
  const [open, setOpen] = useState(defaultOpen);
  const [limit, setLimit] = useState(PAGE_SIZE);
  const { data, isError, isPlaceholderData } = useQuery(notificationQueries.list(limit));
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const remove = useRemoveNotification();
  const clear = useClearNotifications();

  const items = data?.items ?? [];
  const unread = data?.unread ?? 0;

  const openNotification = (n: BellNotification) => {
    if (!n.read) markRead.mutate(n.id);
    setOpen(false);
    if (n.link) void navigate({ href: n.link });
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <BellButton unread={unread} />
      </PopoverTrigger>
      <PopoverContent align="end" className="w-96 max-w-[calc(100vw-1rem)] p-1" aria-label={t('title')}>
        <div className="flex items-center justify-between gap-1">
          <h2 className="px-2 py-1.5 text-sm font-semibold">{t('title')}</h2>
          <div className="flex">
            {unread > 0 && (
              <Button variant="link" size="sm" onClick={() => markAllRead.mutate()}>
                {t('markAllRead')}
              </Button>
            )}
            {items.length > 0 && (
              <Button variant="link" size="sm" onClick={() => clear.mutate()}>
                {t('clearAll')}
              </Button>
            )}
          </div>
        </div>
        <Separator className="my-1" />
        {isError && isPlaceholderData && <p className="px-2 pb-1 text-xs text-muted-foreground">{t('offlineCopy')}</p>}
        {items.length === 0 ? (
          <p className="px-2 py-4 text-center text-sm text-muted-foreground">{t('empty')}</p>
        ) : (
          <ul className="max-h-96 overflow-y-auto" aria-label={t('title')}>
            {items.map((n) => {
              const words = notificationWords(n, t);
              return (
                <li
                  key={n.id}
                  data-testid="notification-item"
                  data-read={n.read}
                  className="flex items-start gap-2 rounded-sm px-2 py-2 hover:bg-accent"
                >
                  <button type="button" className="min-w-0 flex-1 text-left" onClick={() => openNotification(n)}>
                    <p className={cn('flex items-center gap-1.5 text-sm', !n.read && 'font-semibold')}>
                      {!n.read && <span className="size-2 shrink-0 rounded-full bg-primary" aria-label={t('unread')} />}
                      {words.title}
                    </p>
                    <p className="text-sm break-words text-muted-foreground">{words.message}</p>
                    <p className="text-xs text-muted-foreground">{formatMoment(n.createdAt, i18n.language)}</p>
                  </button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-6"
                    aria-label={t('remove')}
                    onClick={() => remove.mutate(n.id)}
                  >
                    <XIcon />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        {data && data.total > items.length && limit < MAX_LIMIT && (
          <Button variant="link" size="sm" className="w-full" onClick={() => setLimit((l) => l + PAGE_SIZE)}>
            {t('loadMore')}
          </Button>
        )}
      </PopoverContent>
    </Popover>
  );
}
