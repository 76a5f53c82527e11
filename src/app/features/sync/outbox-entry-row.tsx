import { RotateCcw, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/app/lib/toast';
import { ConfirmDialog } from '@/app/components/confirm-dialog';
import { Badge } from '@/app/components/ui/badge';
import { Button } from '@/app/components/ui/button';
import { cn } from '@/app/components/ui/cn';
import { translateMessage } from '@/app/lib/words/i18n';
import type { OutboxEntry, OutboxState } from '@/app/offline/db.ts';
import {
  currentOutboxOwner,
  discardMutation,
  isOwnedBy,
  overwriteServerVersion,
  retryMutation,
} from '@/app/offline/outbox.ts';
import { useIsOnline } from '@/app/offline/use-is-online.ts';
import { formatMoment } from '@/app/components/ui/display-date';
import { asRecord, ConflictComparison } from './conflict-comparison';

const STATE_BADGE: Record<OutboxState, 'default' | 'secondary' | 'destructive' | 'outline' | 'warning'> = {
  pending: 'warning',
  sending: 'secondary',
  failed: 'destructive',
  conflict: 'destructive',
  done: 'outline',
};

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

/** One queued change: its state, why the server refused it, and what can still be done with it. */
export function OutboxEntryRow({ entry }: { entry: OutboxEntry }) {
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
      {entry.doneElsewhere && (
        <p className="text-sm text-muted-foreground" data-testid="entry-done-elsewhere">
          {entry.doneElsewhere.by && entry.doneElsewhere.at
            ? t('page.doneElsewhere', {
                by: entry.doneElsewhere.by,
                at: formatMoment(entry.doneElsewhere.at, i18n.language),
              })
            : t('page.doneElsewhereUnknown')}
        </p>
      )}
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
