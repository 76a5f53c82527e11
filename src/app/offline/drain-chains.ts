/**
 * Changes queued one after another on this device to the same record (a chain): a batch never holds
 * a change that expects a version an earlier change of the batch will produce, and once that earlier
 * change is applied, the later ones move on to the version it produced (see docs/offline.md).
 */
import { guardStorage, offlineDb, type OutboxEntry } from './db.ts';

/** The record a change is made to, across lists ('sample:12'), or undefined for a new record. */
function recordKeyOf(entry: Pick<OutboxEntry, 'entity'>): string | undefined {
  const entity = entry.entity;
  if (!entity || entity.id === undefined) return undefined;
  return `${entity.record ?? entity.list}:${String(entity.id)}`;
}

/** The `version` a change expects the record to be at (stale-write check), when it names one. */
function expectedVersionOf(entry: Pick<OutboxEntry, 'body'>): number | undefined {
  const version = (entry.body as { version?: unknown } | null | undefined)?.version;
  return typeof version === 'number' ? version : undefined;
}

/**
 * The next batch: in order, but a change that expects a version of a record an earlier change in
 * the same batch touches waits for the next round trip, so it is sent only after that earlier
 * change's answer has told this device which version its own change produced (chainVersions).
 */
export function chainSafeBatch(pending: OutboxEntry[], batchSize: number): OutboxEntry[] {
  const batch: OutboxEntry[] = [];
  const touched = new Set<string>();
  for (const entry of pending) {
    if (batch.length >= batchSize) break;
    const record = recordKeyOf(entry);
    if (record && touched.has(record) && expectedVersionOf(entry) !== undefined) break;
    if (record) touched.add(record);
    batch.push(entry);
  }
  return batch;
}

/**
 * Changes queued one after another on this device to the same record chain: each later change was
 * based on the version the device saw before its own earlier change. When the earlier change is
 * applied and the server answers version R, a later change still expecting R − 1 is based on
 * exactly the state this device's own change moved from — nobody else wrote in between, because
 * every write raises the version by one — so it now expects R. If someone else changed the record
 * first, R − 1 is newer than what the later change expects, it is left alone and is refused as a
 * conflict: a conflict means someone ELSE changed the record. Its key is kept: a change refused or
 * never sent has no stored answer under it.
 */
export async function chainVersions(answered: OutboxEntry[]) {
  const produced = new Map<string, { seq: number; version: number }>();
  for (const entry of answered) {
    const record = recordKeyOf(entry);
    const version = (entry.responseBody as { data?: { version?: unknown } } | undefined)?.data?.version;
    if (entry.state !== 'done' || !record || typeof version !== 'number') continue;
    produced.set(record, { seq: entry.seq, version });
  }
  if (produced.size === 0) return;
  await guardStorage(() =>
    offlineDb.transaction('rw', offlineDb.outbox, async () => {
      const waiting = await offlineDb.outbox.where('state').equals('pending').sortBy('seq');
      const rewritten: OutboxEntry[] = [];
      for (const entry of waiting) {
        const record = recordKeyOf(entry);
        const earlier = record ? produced.get(record) : undefined;
        const expected = expectedVersionOf(entry);
        if (!record || !earlier || expected === undefined || entry.seq < earlier.seq) continue;
        if (expected !== earlier.version - 1) continue;
        const next = { ...entry, body: { ...(entry.body as Record<string, unknown>), version: earlier.version } };
        // Every later change still expecting R − 1 moves on to R; when the next of them is applied,
        // its answer moves the rest on again.
        rewritten.push(next);
      }
      if (rewritten.length > 0) await offlineDb.outbox.bulkPut(rewritten);
    }),
  );
}
