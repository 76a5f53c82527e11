import type { ExternalToast } from '@/app/lib/toast';
import { toastLater } from '@/app/lib/toast-later';

/**
 * Toasts for arriving notifications: at most 5 on screen; the rest wait in a queue, in
 * order of arrival, and each shows when one on screen closes (4000 ms, or the person closes it).
 * The Toaster's own limit would instead hide the oldest behind the newest and let them expire unseen.
 */
const MAX_SHOWN = 5;

type Waiting = { id: string; title: string; options: ExternalToast };

const shown = new Set<string>();
const waiting: Waiting[] = [];

function showNext() {
  while (shown.size < MAX_SHOWN && waiting.length > 0) {
    const next = waiting.shift()!;
    shown.add(next.id);
    const closed = () => {
      if (shown.delete(next.id)) showNext();
    };
    // Sonner comes with the first toast, not with the live updates (lib/toast-later.ts).
    toastLater((toast) =>
      toast.info(next.title, { ...next.options, id: next.id, onDismiss: closed, onAutoClose: closed }),
    );
  }
}

/** Shows the toast now, or queues it behind the 5 on screen; a toast already shown or queued is ignored. */
export function queueNotificationToast(id: string, title: string, options: ExternalToast) {
  if (shown.has(id) || waiting.some((w) => w.id === id)) return;
  waiting.push({ id, title, options });
  showNext();
}
