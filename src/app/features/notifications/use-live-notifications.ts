import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkerMessage } from '@/app/offline/sync-events';
import { notificationQueries } from './notification-queries';
import { openNotificationStream } from './notification-stream';
import { queueNotificationToast } from './notification-toasts';
import { notificationWords } from './notification-words';

type Incoming = {
  id?: string | number;
  title: string;
  message: string;
  link?: string | null;
  kind?: string | null;
  params?: Record<string, string | number>;
};

// Both the stream and a push relayed by the service worker may bring the same notification: one toast.
// Kept for the page's life; a bench sees a few hundred notifications a day at most.
const announced = new Set<string>();

/**
 * Keeps the bell current while the app is open: the server's event stream and the service worker's
 * NEW_NOTIFICATION messages refresh the list and show a toast (bottom-right, 4000 ms, 440 px,
 * as the app's Toaster is set up; at most 5 at once, the rest queued: notification-toasts.ts).
 */
function useLiveNotifications() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation('notifications');

  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationQueries.all });
    const announce = (n: Incoming) => {
      refresh();
      // Without an id (a push from elsewhere) it still gets a toast of its own.
      const id = n.id === undefined ? `notification-${crypto.randomUUID()}` : `notification-${n.id}`;
      if (announced.has(id)) return;
      announced.add(id);
      const words = notificationWords(n, t);
      const link = n.link && n.link !== '/' ? n.link : undefined;
      queueNotificationToast(id, words.title, {
        description: words.message,
        action: link ? { label: t('open'), onClick: () => void navigate({ href: link }) } : undefined,
      });
    };

    const stop = openNotificationStream({ onReady: refresh, onNotification: announce });
    const onWorkerMessage = (event: MessageEvent<WorkerMessage>) => {
      const data = event.data;
      if (data?.type !== 'NEW_NOTIFICATION') return;
      announce({ ...data, link: data.url });
    };
    const worker = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
    worker?.addEventListener('message', onWorkerMessage);
    return () => {
      stop();
      worker?.removeEventListener('message', onWorkerMessage);
    };
  }, [queryClient, navigate, t]);
}

/** The live updates as a component, so the header fetches them once the screen has painted. */
export function LiveNotifications() {
  useLiveNotifications();
  return null;
}
