import { and, asc, eq, gte } from 'drizzle-orm';
import type { DeletableEntity } from '../../shared/workflow/deletions.ts';
import type { Executor, Tx } from '../db/client.ts';
import { deletedRecord } from '../db/schema.ts';

/** More than a device caches of one list (list-cache.ts MAX_CACHED_ROWS). */
const MAX_TOMBSTONES = 5_000;

/** Leaves a tombstone for each deleted record, in the transaction that deletes them. */
export async function recordDeletions(tx: Tx, entityType: DeletableEntity, ids: readonly (number | string)[]) {
  if (!ids.length) return;
  await tx.insert(deletedRecord).values(ids.map((id) => ({ entityType, recordId: String(id) })));
}

/** The records of one kind deleted at or after `since`, oldest first. */
export async function deletionsSince(db: Executor, entityType: DeletableEntity, since: Date) {
  const rows = await db
    .select({ recordId: deletedRecord.recordId, deletedAt: deletedRecord.deletedAt })
    .from(deletedRecord)
    .where(and(eq(deletedRecord.entityType, entityType), gte(deletedRecord.deletedAt, since)))
    .orderBy(asc(deletedRecord.deletedAt), asc(deletedRecord.id))
    .limit(MAX_TOMBSTONES);
  return rows.map((row) => ({ recordId: row.recordId, deletedAt: row.deletedAt.toISOString() }));
}
