import { toast } from 'sonner';
import { getMutation } from '@/app/offline/outbox';
import { syncEvents } from '@/app/offline/sync-events';

const GIVE_UP_AFTER_MS = 10 * 60_000;

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
