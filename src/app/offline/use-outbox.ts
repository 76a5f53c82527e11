import { useLiveQuery } from 'dexie-react-hooks';
import type { LastDrain } from './drain.ts';
import { META_KEYS, offlineDb, type OutboxEntry, type OutboxState } from './db.ts';

export type OutboxSummary = {
  entries: OutboxEntry[];
  counts: Record<OutboxState, number>;
  /** Not yet applied by the server: pending + sending + failed + conflict. */
  unsent: number;
  /** Refused by the server, waiting for a person: failed + conflict. */
  needsAttention: number;
  waitingForSignIn: boolean;
  lastDrain?: LastDrain;
};

const EMPTY_COUNTS: Record<OutboxState, number> = { pending: 0, sending: 0, failed: 0, conflict: 0, done: 0 };

/** The outbox as it changes, from any tab or the service worker (Dexie's live queries see them all). */
export function useOutbox(): OutboxSummary | undefined {
  return useLiveQuery(async () => {
    const [entries, waiting, lastDrain] = await Promise.all([
      offlineDb.outbox.orderBy('seq').toArray(),
      offlineDb.meta.get(META_KEYS.waitingForSignIn),
      offlineDb.meta.get(META_KEYS.lastDrain),
    ]);
    const counts = { ...EMPTY_COUNTS };
    for (const entry of entries) counts[entry.state] += 1;
    const summary: OutboxSummary = {
      entries,
      counts,
      unsent: counts.pending + counts.sending + counts.failed + counts.conflict,
      needsAttention: counts.failed + counts.conflict,
      waitingForSignIn: waiting?.value === true,
    };
    if (lastDrain) summary.lastDrain = lastDrain.value as LastDrain;
    return summary;
  }, []);
}
