import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/app/lib/toast';
import type { SampleStatus } from '@/shared/workflow/sample-workflow';
import { handleError } from '@/app/lib/api/handle-error';
import { offlineDb, type OutboxState } from '@/app/offline/db';
import { currentOutboxOwner, isOwnedBy } from '@/app/offline/outbox';
import { syncEvents, type SyncedDetail } from '@/app/offline/sync-events';
import { queueSampleChange, type SampleRef } from './queue-sample-change';
import { SAMPLE_LIST_NAMES } from '../sample-queries';
import { sampleChangeOf, type SampleChangeName } from '@/shared/workflow/sample-endpoints';
import { statusAfter, type SampleChangeBody } from './sample-requests';
import { THIRD_LAB_LIST } from '../third-lab-list';
import { noticeQueued } from './announce';

export type { SampleRef };

export type FireOptions<C extends SampleChangeName = SampleChangeName> = {
  /** The change's body, as its operation in the contract reads it. */
  body?: SampleChangeBody<C>;
  /** For undoing a third-lab transaction: the package whose samples go back. */
  packageCode?: string;
  /** No toast: the caller says what happened itself. */
  quiet?: boolean;
};

/**
 * Queues a change to a sample through the outbox: it is kept on the device, shown at
 * once as pending in the bench list named `list`, and sent exactly once (its key is the
 * Idempotency-Key) as soon as the server can be reached — so the bench works with the network down.
 */
export function useSampleAction(list: string) {
  const { t } = useTranslation('samples');
  const [isQueuing, setQueuing] = useState(false);
  const fire = useCallback(
    async <C extends SampleChangeName>(
      change: C,
      sample: SampleRef,
      options: FireOptions<C> = {},
    ): Promise<string | undefined> => {
      setQueuing(true);
      try {
        const { body, packageCode } = options;
        const key = await queueSampleChange(list, change, sample, {
          ...(body === undefined ? {} : { body }),
          ...(packageCode === undefined ? {} : { packageCode }),
        });
        if (!options.quiet) noticeQueued(t('queuedTitle'), t('queued', { idflNumber: sample.idflNumber }));
        return key;
      } catch (error) {
        handleError(error);
        return undefined;
      } finally {
        setQueuing(false);
      }
    },
    [list, t],
  );
  return { fire, isQueuing };
}

export type PendingSampleChange = {
  key: string;
  change: SampleChangeName;
  state: OutboxState;
  /** Where the sample is going, when the change is a transition. */
  to?: SampleStatus;
  error?: string;
};

/**
 * The latest unsent change of each sample in a bench list (by sample id), read live from the
 * outbox, so a row can show "TesterConfirmed (pending)" before the server has heard of it.
 */
export function usePendingSampleChanges(list: string): Map<number, PendingSampleChange> {
  const entries = useLiveQuery(
    () => offlineDb.outbox.where('state').anyOf(['pending', 'sending', 'failed', 'conflict']).toArray(),
    [],
  );
  const owner = currentOutboxOwner();
  const changes = new Map<number, PendingSampleChange>();
  for (const entry of [...(entries ?? [])].sort((a, b) => a.seq - b.seq)) {
    if (entry.entity?.list !== list || entry.entity.id === undefined || !isOwnedBy(entry, owner)) continue;
    const change = sampleChangeOf(entry.method, entry.path);
    if (!change) continue;
    const previous = changes.get(Number(entry.entity.id));
    const to = statusAfter(change) ?? previous?.to;
    changes.set(Number(entry.entity.id), {
      key: entry.id,
      change,
      state: entry.state,
      ...(to ? { to } : {}),
      ...(entry.lastError ? { error: entry.lastError } : {}),
    });
  }
  return changes;
}

/** Refusals already told about in this tab, so each is toasted once. */
const toldRefusals = new Set<string>();

/** The outbox lists of the benches: the three sample benches and the third lab's. */
const BENCH_LISTS: readonly string[] = [...SAMPLE_LIST_NAMES, THIRD_LAB_LIST];

/**
 * A toast, on whichever bench the person is working, for each queued sample change the server
 * refused: a conflict (someone else moved the sample first) or a refusal (e.g. the sample may no
 * longer take that step). The sync page shows it in full and lets a person decide; the toast only
 * says so where the work happens, once per change.
 */
export function useSampleConflictToasts() {
  const { t } = useTranslation('samples');
  useEffect(() => {
    const onSynced = (event: Event) => {
      const detail = (event as CustomEvent<SyncedDetail>).detail;
      if (!detail.conflicts && !detail.failed) return;
      void offlineDb.outbox
        .where('state')
        .anyOf(['conflict', 'failed'])
        .toArray()
        .then((entries) => {
          for (const entry of entries) {
            if (entry.conflictToldAt || toldRefusals.has(entry.id)) continue;
            if (!BENCH_LISTS.includes(entry.entity?.list ?? '')) continue;
            toldRefusals.add(entry.id);
            // Remembered on the device: a reload or another page does not toast it again.
            void offlineDb.outbox.update(entry.id, { conflictToldAt: new Date().toISOString() });
            toast.error(t('conflictTitle'), {
              id: `conflict-${entry.id}`,
              description:
                entry.state === 'conflict'
                  ? t('conflict', { label: entry.label })
                  : t('refused', { label: entry.label, message: entry.lastError ?? '' }),
            });
          }
        });
    };
    syncEvents.addEventListener('synced', onSynced);
    return () => syncEvents.removeEventListener('synced', onSynced);
  }, [t]);
}
