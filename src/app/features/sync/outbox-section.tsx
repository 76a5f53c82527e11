import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/app/lib/toast';
import { ConfirmDialog } from '@/app/components/confirm-dialog';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/app/components/ui/card';
import type { OutboxEntry } from '@/app/offline/db.ts';
import { discardMutations } from '@/app/offline/outbox.ts';
import { OutboxEntryRow } from './outbox-entry-row';

/** Resolves several refused changes at once: discards every conflict, after a confirmation. */
export function DiscardConflictsButton({ entries }: { entries: OutboxEntry[] }) {
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

/** One part of the outbox (needs attention, waiting, sent), each change in its own row. */
export function OutboxSection({
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
              <OutboxEntryRow key={entry.id} entry={entry} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
