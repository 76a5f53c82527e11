import { Link } from '@tanstack/react-router';
import { RefreshCw, Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/app/lib/toast';
import { Button } from '@/app/components/ui/button';
import { cn } from '@/app/components/ui/cn';
import { storageFullListeners } from '@/app/offline/db.ts';
import { retryFailedMutations } from '@/app/offline/outbox.ts';
import { drainNow, startOutboxRunner } from '@/app/offline/runner.ts';
import { connectionOf, latestOutcome } from '@/app/offline/connection.ts';
import { useLastRequestOutcome } from '@/app/lib/api/reachability';
import { isStoragePersistent } from '@/app/offline/session-mirror.ts';
import { useIsOnline } from '@/app/offline/use-is-online.ts';
import { useOutbox } from '@/app/offline/use-outbox.ts';
import { useDocumentTitle } from '@/app/lib/use-document-title';
import { formatMoment } from '@/app/components/ui/display-date';
import { DiscardConflictsButton, OutboxSection } from './outbox-section';

/** Every change this device has queued: what waits, what the server refused (to resolve), what was sent. */
export function SyncPage() {
  const { t, i18n } = useTranslation('sync');
  useDocumentTitle(t('page.title'));
  const isOnline = useIsOnline();
  const outbox = useOutbox();
  const lastRequest = useLastRequestOutcome();
  const [isSending, setSending] = useState(false);
  const [storageFull, setStorageFull] = useState(false);
  const [persistent, setPersistent] = useState<boolean | undefined>();
  useEffect(() => {
    let live = true;
    void isStoragePersistent().then((value) => live && setPersistent(value));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => startOutboxRunner(), []);
  useEffect(() => {
    const onFull = () => setStorageFull(true);
    storageFullListeners.add(onFull);
    return () => {
      storageFullListeners.delete(onFull);
    };
  }, []);

  const entries = outbox?.entries ?? [];
  const attention = entries.filter((e) => e.state === 'failed' || e.state === 'conflict');
  const waiting = entries.filter((e) => e.state === 'pending' || e.state === 'sending');
  const done = entries.filter((e) => e.state === 'done').reverse();

  const sendNow = async () => {
    setSending(true);
    try {
      const result = await drainNow();
      if (result.done > 0) toast.success(t('page.sentSummary', { count: result.done }));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 p-4" data-testid="sync-page">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t('page.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('page.description')}</p>
        </div>
        <div className="flex gap-2">
          {attention.some((e) => e.state === 'failed') && (
            <Button variant="outline" onClick={() => void retryFailedMutations()}>
              <RefreshCw aria-hidden />
              {t('page.retryAllFailed')}
            </Button>
          )}
          <Button onClick={() => void sendNow()} disabled={isSending || !isOnline || waiting.length === 0}>
            <Send aria-hidden />
            {isSending ? t('page.sending') : t('page.sendNow')}
          </Button>
        </div>
      </div>

      <div
        role="status"
        className={cn(
          'rounded-md border px-3 py-2 text-sm',
          isOnline ? 'bg-muted/50' : 'border-amber-300 bg-amber-50 text-amber-900',
        )}
      >
        <p>{t(`page.${connectionOf(isOnline, latestOutcome(outbox?.lastDrain, lastRequest))}`)}</p>
        <p className="text-muted-foreground">
          {outbox?.lastDrain?.sentAt
            ? t('page.lastSync', { time: formatMoment(outbox.lastDrain.sentAt, i18n.language) })
            : t('page.neverSynced')}
        </p>
      </div>

      {outbox?.waitingForSignIn && waiting.length > 0 && (
        <div role="alert" className="flex items-center justify-between gap-3 rounded-md border border-amber-300 p-3">
          <span className="text-sm">{t('page.waitingForSignIn')}</span>
          <Button asChild size="sm">
            <Link to="/auth/login">{t('page.signIn')}</Link>
          </Button>
        </div>
      )}

      {persistent === false && (
        <div
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="storage-not-persistent"
        >
          {t('page.notPersistent')}
        </div>
      )}

      {storageFull && (
        <div role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">
          {t('page.storageFull')}
        </div>
      )}

      <OutboxSection
        testId="sync-attention"
        title={t('page.sections.attention')}
        hint={t('page.sections.attentionHint')}
        empty={t('page.empty.attention')}
        entries={attention}
        actions={<DiscardConflictsButton entries={attention} />}
      />
      <OutboxSection
        testId="sync-pending"
        title={t('page.sections.pending')}
        empty={t('page.empty.pending')}
        entries={waiting}
      />
      <OutboxSection testId="sync-done" title={t('page.sections.done')} empty={t('page.empty.done')} entries={done} />
    </div>
  );
}
