import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { WorkerMessage } from '@/app/offline/sync-events';
import { notificationQueries } from './notification-queries';
import { openNotificationStream } from './notification-stream';
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
const announced = new Set<string>();

/**
 * Keeps the bell current while the app is open: the server's event stream and the service worker's
 * NEW_NOTIFICATION messages refresh the list and show a toast (spec 9: bottom-right, 4000 ms, at
 * most 5 at once, the rest queued, as the app's Toaster is set up).
 */
export function useLiveNotifications() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation('notifications');

  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationQueries.all });
    const announce = (n: Incoming) => {
      refresh();
      const id = n.id === undefined ? undefined : `notification-${n.id}`;
      if (id) {
        if (announced.has(id)) return;
        announced.add(id);
      }
      const words = notificationWords(n, t);
      const link = n.link && n.link !== '/' ? n.link : undefined;
      toast.info(words.title, {
        id,
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
