import { Link } from '@tanstack/react-router';
import { RefreshCw, RotateCcw, Send, Trash2 } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/app/lib/toast';
import { ConfirmDialog } from '@/app/components/confirm-dialog';
import { Badge } from '@/app/components/ui/badge';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/app/components/ui/card';
import { cn } from '@/app/components/ui/cn';
import { translateMessage } from '@/app/lib/i18n';
import { storageFullListeners, type OutboxEntry, type OutboxState } from '@/app/offline/db.ts';
import {
  currentOutboxOwner,
  discardMutation,
  discardMutations,
  isOwnedBy,
  overwriteServerVersion,
  retryFailedMutations,
  retryMutation,
} from '@/app/offline/outbox.ts';
import { drainNow, startOutboxRunner } from '@/app/offline/runner.ts';
import { connectionOf, latestOutcome } from '@/app/offline/connection.ts';
import { useLastRequestOutcome } from '@/app/lib/reachability';
import { isStoragePersistent } from '@/app/offline/session-mirror.ts';
import { useIsOnline } from '@/app/offline/use-is-online.ts';
import { useOutbox } from '@/app/offline/use-outbox.ts';
import { useDocumentTitle } from '@/app/lib/use-document-title';
import { formatMoment } from '@/app/components/ui/display-date';

const STATE_BADGE: Record<OutboxState, 'default' | 'secondary' | 'destructive' | 'outline' | 'warning'> = {
  pending: 'warning',
  sending: 'secondary',
  failed: 'destructive',
  conflict: 'destructive',
  done: 'outline',
};

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function showValue(value: unknown): string {
  if (value === undefined) return '';
  if (value === null) return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The fields of the queued change beside the server's current values, for a person to compare. */
function ConflictComparison({ entry }: { entry: OutboxEntry }) {
  const { t } = useTranslation('sync');
  const mine = asRecord(entry.body);
  const server = asRecord(entry.serverRecord);
  if (!server) return null;
  const fields = Object.keys(mine ?? {}).filter((field) => field !== 'version');
  if (!mine || fields.length === 0) {
    // A status change with nothing to compare: say where the server has the record now.
    if (typeof server.status !== 'string') return null;
    return (
      <p className="text-sm" data-testid="conflict-server-state">
        {t('page.serverState', { status: t(`samples:status.${server.status}`, { defaultValue: server.status }) })}
      </p>
    );
  }
  return (
    <table className="mt-2 w-full max-w-xl border text-xs" data-testid="conflict-comparison">
      <thead className="bg-muted">
        <tr>
          <th className="px-2 py-1 text-left">{t('page.field')}</th>
          <th className="px-2 py-1 text-left">{t('page.yourChange')}</th>
          <th className="px-2 py-1 text-left">{t('page.serverVersion')}</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => {
          const differs = showValue(mine[field]) !== showValue(server[field]);
          return (
            <tr key={field} className={cn('border-t', differs && 'bg-amber-50')}>
              <td className="px-2 py-1 font-mono">{field}</td>
              <td className="px-2 py-1">{showValue(mine[field])}</td>
              <td className="px-2 py-1">{showValue(server[field])}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function DiscardButton({ entry }: { entry: OutboxEntry }) {
  const { t } = useTranslation('sync');
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" data-testid="discard-change">
          <Trash2 aria-hidden />
          {t('page.discard')}
        </Button>
      }
      title={t('page.discardTitle')}
      description={t('page.discardDescription', { label: entry.label })}
      cancelLabel={t('page.cancel')}
      confirmLabel={t('page.discardConfirm')}
      destructive
      onConfirm={async () => {
        await discardMutation(entry.id);
        toast.success(t('page.discarded'));
      }}
    />
  );
}

function EntryRow({ entry }: { entry: OutboxEntry }) {
  const { t, i18n } = useTranslation('sync');
  const isOnline = useIsOnline();
  const isMine = isOwnedBy(entry, currentOutboxOwner());
  // Only what can succeed: a conflict sent again unchanged is refused again, so it is not offered;
  // "keep my version" only for an edit checked against a version (a stale write), never for a
  // status change the server already moved past (sent back, checked in by someone else).
  const canRetry = entry.state === 'failed';
  const canKeepMine =
    entry.state === 'conflict' &&
    typeof asRecord(entry.serverRecord)?.version === 'number' &&
    typeof asRecord(entry.body)?.version === 'number';
  const canDiscard = entry.state !== 'done' && entry.state !== 'sending';
  const refused = entry.state === 'failed' || entry.state === 'conflict';
  return (
    <li
      className="flex flex-col gap-2 border-b py-3 last:border-b-0"
      data-testid="outbox-entry"
      data-state={entry.state}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={STATE_BADGE[entry.state]}>
          {entry.state === 'pending' && !isOnline ? t('page.waitingForNetwork') : t(`page.state.${entry.state}`)}
        </Badge>
        <span className="font-medium">{entry.label}</span>
        <span className="font-mono text-xs text-muted-foreground">
          {entry.method} {entry.path}
        </span>
      </div>
      <div className="flex flex-wrap gap-x-4 text-xs text-muted-foreground">
        <span>
          {t('page.columns.createdAt')}: {formatMoment(entry.createdAt, i18n.language)}
        </span>
        <span>
          {t('page.columns.attempts')}: {entry.attempts}
        </span>
        {entry.doneAt && <span>{formatMoment(entry.doneAt, i18n.language)}</span>}
      </div>
      {!isMine && entry.state !== 'done' && (
        <p className="text-sm text-amber-800" data-testid="entry-other-account">
          {t('page.otherAccount')}
        </p>
      )}
      {entry.lastError && entry.state !== 'done' && (
        <p className={cn('text-sm', refused ? 'text-destructive' : 'text-muted-foreground')} data-testid="entry-error">
          {refused
            ? t('page.serverSays', { message: translateMessage(entry.lastError) })
            : t('page.lastError', { message: translateMessage(entry.lastError) })}
        </p>
      )}
      {entry.state === 'conflict' && <ConflictComparison entry={entry} />}
      {(canRetry || canDiscard) && (
        <div className="flex flex-wrap gap-2">
          {canRetry && (
            <Button size="sm" variant="secondary" onClick={() => void retryMutation(entry.id)}>
              <RotateCcw aria-hidden />
              {t('page.retry')}
            </Button>
          )}
          {canKeepMine && (
            <Button
              size="sm"
              variant="secondary"
              title={t('page.keepMineHint')}
              onClick={() => void overwriteServerVersion(entry.id)}
            >
              {t('page.keepMine')}
            </Button>
          )}
          {canDiscard && <DiscardButton entry={entry} />}
        </div>
      )}
    </li>
  );
}

/** Resolves several refused changes at once: discards every conflict, after a confirmation. */
function DiscardConflictsButton({ entries }: { entries: OutboxEntry[] }) {
  const { t } = useTranslation('sync');
  const conflicts = entries.filter((entry) => entry.state === 'conflict');
  if (conflicts.length < 2) return null;
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" data-testid="discard-conflicts">
          <Trash2 aria-hidden />
          {t('page.discardConflicts', { count: conflicts.length })}
        </Button>
      }
      title={t('page.discardConflictsTitle', { count: conflicts.length })}
      description={t('page.discardConflictsDescription')}
      cancelLabel={t('page.cancel')}
      confirmLabel={t('page.discardConfirm')}
      destructive
      onConfirm={async () => {
        await discardMutations(conflicts.map((entry) => entry.id));
        toast.success(t('page.discarded'));
      }}
    />
  );
}

function Section({
  title,
  hint,
  empty,
  entries,
  testId,
  actions,
}: {
  title: string;
  hint?: string;
  empty: string;
  entries: OutboxEntry[];
  testId: string;
  actions?: ReactNode;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle>
          {title} <span className="text-muted-foreground tabular-nums">({entries.length})</span>
        </CardTitle>
        {hint && entries.length > 0 && <CardDescription>{hint}</CardDescription>}
        {actions}
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ul>
            {entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

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

      <Section
        testId="sync-attention"
        title={t('page.sections.attention')}
        hint={t('page.sections.attentionHint')}
        empty={t('page.empty.attention')}
        entries={attention}
        actions={<DiscardConflictsButton entries={attention} />}
      />
      <Section
        testId="sync-pending"
        title={t('page.sections.pending')}
        empty={t('page.empty.pending')}
        entries={waiting}
      />
      <Section testId="sync-done" title={t('page.sections.done')} empty={t('page.empty.done')} entries={done} />
    </div>
  );
}
