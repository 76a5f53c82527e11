import { toast } from '@/app/lib/toast';
import { getMutation } from '@/app/offline/outbox';
import { syncEvents } from '@/app/offline/sync-events';

const GIVE_UP_AFTER_MS = 10 * 60_000;

/** The one bench confirmation notice: each new one replaces the last instead of stacking. */
const QUEUED_NOTICE_ID = 'bench-queued';

/**
 * "Saved on this device": a compact, short notice at the top centre, one at a time, so a row of
 * check-ins never buries the list's Actions column under stacked toasts. The header's pending
 * counter keeps the running total.
 */
export function noticeQueued(title: string, description: string) {
  toast.success(title, {
    id: QUEUED_NOTICE_ID,
    description,
    position: 'top-center',
    duration: 1500,
    closeButton: false,
    className: 'max-h-20 py-2',
  });
}

/**
 * Shows a success toast once the server has applied a queued change (the spec's 'Transfer
 * Successful' comes from the server's answer). Offline, it waits for the reconnection; it stops
 * listening after ten minutes — the sync page keeps the record either way.
 */
export function announceWhenApplied(key: string, title: string, description: string) {
  let finished = false;
  const check = async () => {
    if (finished) return;
    const entry = await getMutation(key);
    if (entry && entry.state !== 'done') return;
    finish();
    if (entry) toast.success(title, { description });
  };
  const onSynced = () => void check();
  const timer = setTimeout(finish, GIVE_UP_AFTER_MS);
  function finish() {
    finished = true;
    clearTimeout(timer);
    syncEvents.removeEventListener('synced', onSynced);
  }
  syncEvents.addEventListener('synced', onSynced);
  void check();
}

/** A save that changed nothing: nothing is sent, and the person is told so instead of "Saved". */
export function noticeNoChanges(title: string, description: string) {
  toast.info(title, { id: QUEUED_NOTICE_ID, description, position: 'top-center', duration: 2000 });
}
