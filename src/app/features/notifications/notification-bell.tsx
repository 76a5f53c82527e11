import { useQuery } from '@tanstack/react-query';
import { useAfterFirstPaint } from '@/app/lib/after-first-paint';
import { onDemand, optionalPart, popupButtonProps } from '@/app/lib/on-demand';
import { BellButton } from './notification-bell-button';
import { notificationQueries, PAGE_SIZE } from './notification-queries';

// The popover (Radix's popover, focus trap and floating positioning) comes when the user reaches for
// the bell, and the live updates (the event stream, its parser, the toasts) once the screen has
// painted: neither is needed for a staff screen's first paint.
const useNotificationPopover = onDemand(() =>
  import('./notification-popover').then((chunk) => chunk.NotificationPopover),
);
const LiveNotifications = optionalPart(() =>
  import('./use-live-notifications').then((chunk) => chunk.LiveNotifications),
);

/**
 * The header's bell: the unread count once the screen has painted, the list in a popover on first use (a dialog, not a
 * menu: it holds a list with buttons, which a menu may not contain), kept live by the stream and push.
 */
export function NotificationBell() {
  const { Component: NotificationPopover, opened, prefetch, open } = useNotificationPopover();
  const painted = useAfterFirstPaint();
  // The page the popover opens with, so its first count is the one the button showed. Asked for once
  // the screen has painted: the count is not what the user came for, and asked with the first
  // render, its round trip competes with the screen's own requests on a phone's connection.
  const { data } = useQuery({ ...notificationQueries.list(PAGE_SIZE), enabled: painted });
  return (
    <>
      {painted && <LiveNotifications />}
      {NotificationPopover ? (
        <NotificationPopover defaultOpen={opened} />
      ) : (
        <BellButton unread={data?.unread ?? 0} {...popupButtonProps('dialog', { prefetch, open })} />
      )}
    </>
  );
}
