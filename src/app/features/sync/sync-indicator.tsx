import { Link } from '@tanstack/react-router';
import { CloudAlert, CloudCheck, CloudUpload, KeyRound, WifiOff } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toastLater } from '@/app/lib/toast-later';
import { cn } from '@/app/components/ui/cn';
import { offlineDb, storageFullListeners } from '@/app/offline/db.ts';
import { fetchWithSession } from '@/app/offline/page-fetch.ts';
import { PICK_LIST_REFRESH_MS, refreshPickLists } from '@/app/offline/pick-lists.ts';
import { startOutboxRunner } from '@/app/offline/runner.ts';
import { connectionOf, latestOutcome } from '@/app/offline/connection.ts';
import { useLastRequestOutcome } from '@/app/lib/api/reachability';
import { useIsOnline } from '@/app/offline/use-is-online.ts';
import { useOutbox } from '@/app/offline/use-outbox.ts';

/**
 * Opens (on a first start, creates) the offline database before the indicator mounts. Otherwise
 * every read and write the indicator starts (its outbox count, the runner's first drain, the
 * session mirror, the pick lists) waits for the opening and then runs in the one task that ends it,
 * a task long enough on a phone to hold the screen still; opened first, each runs as its own answer
 * comes. One that will not open is left to fail each read as it did before.
 */
export async function openOfflineDatabase(): Promise<void> {
  await offlineDb.open().catch(() => undefined);
}

/**
 * Always in the header: online or offline, and how many changes this device has not yet got applied
 * by the server. It also keeps the page's outbox runner going for as long as a
 * signed-in screen is shown. Click: the sync page.
 */
export function SyncIndicator() {
  const { t } = useTranslation('sync');
  const isOnline = useIsOnline();
  const outbox = useOutbox();
  const lastRequest = useLastRequestOutcome();

  useEffect(() => startOutboxRunner(), []);

  // Every pick list a bench form needs is on the device from sign-in on, and kept fresh.
  useEffect(() => {
    if (!isOnline) return;
    void refreshPickLists(fetchWithSession);
    const timer = setInterval(() => void refreshPickLists(fetchWithSession), PICK_LIST_REFRESH_MS);
    return () => clearInterval(timer);
  }, [isOnline]);

  // A full device must never go unnoticed: whatever failed to be kept, say so wherever the user is.
  useEffect(() => {
    const onStorageFull = () =>
      toastLater((toast) => toast.error(t('page.storageFull'), { id: 'offline-storage-full' }));
    storageFullListeners.add(onStorageFull);
    return () => {
      storageFullListeners.delete(onStorageFull);
    };
  }, [t]);

  const unsent = outbox?.unsent ?? 0;
  const needsAttention = outbox?.needsAttention ?? 0;
  const waitingForSignIn = outbox?.waitingForSignIn === true && unsent > 0;

  const connection = connectionOf(isOnline, latestOutcome(outbox?.lastDrain, lastRequest));
  const connected = connection === 'online';
  const status = t(`indicator.${connection}`);
  const detail = waitingForSignIn
    ? t('indicator.waitingForSignIn')
    : needsAttention > 0
      ? t('indicator.needsAttention', { count: needsAttention })
      : unsent > 0
        ? t('indicator.pending', { count: unsent })
        : t('indicator.allSent');
  const Icon = !connected
    ? WifiOff
    : waitingForSignIn
      ? KeyRound
      : needsAttention > 0
        ? CloudAlert
        : unsent > 0
          ? CloudUpload
          : CloudCheck;

  return (
    <Link
      to="/sync"
      data-testid="sync-indicator"
      data-online={connected ? 'true' : 'false'}
      data-network={isOnline ? 'true' : 'false'}
      data-pending={unsent}
      aria-label={`${status} ${unsent}. ${detail}. ${t('indicator.openSyncPage')}`}
      title={`${status} · ${detail}`}
      className={cn(
        'inline-flex h-9 items-center gap-1.5 rounded-md border px-2.5 text-sm font-medium transition-colors hover:bg-accent',
        connected ? 'text-foreground' : 'border-amber-300 bg-amber-50 text-amber-900',
      )}
    >
      <Icon className={cn('size-4', needsAttention > 0 && 'text-destructive')} aria-hidden />
      {/* Its name starts with what it shows (status, count), then says what it means
          (axe: label-content-name-mismatch). */}
      <span className="hidden sm:inline">{status}</span>{' '}
      <span
        data-testid="sync-pending-count"
        className={cn(
          'inline-flex min-w-5 items-center justify-center rounded-full px-1.5 text-xs tabular-nums',
          unsent === 0
            ? 'bg-muted text-muted-foreground'
            : needsAttention > 0
              ? 'bg-destructive text-white'
              : 'bg-amber-500 text-white',
        )}
      >
        {unsent}
      </span>
    </Link>
  );
}
