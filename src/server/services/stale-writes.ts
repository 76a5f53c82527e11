import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.ts';
import type { ServerMessageCode } from '../../shared/server-messages.ts';
import { conflict } from '../errors.ts';

// The one stale-write rule for every editable record: inside the writer's transaction, lock the row
// (SELECT … FOR UPDATE), read it again, and compare the version the client last saw. A second writer
// holding the same version waits on the lock, then reads the version the first one wrote and gets
// a 409 with the current record instead of silently overwriting it.

/** Locks one row for the rest of the transaction; false when there is no such row. */
export async function lockForEdit(tx: Tx, table: PgTable, id: PgColumn, value: number): Promise<boolean> {
  const [row] = await tx.select({ id }).from(table).where(eq(id, value)).for('update');
  return row !== undefined;
}

/**
 * A stale write (the record moved on since the client read it) answers 409 with the current record.
 * `version` is undefined only where an update schema says last-write-wins is intended.
 */
export function assertVersion<T extends { version: number }>(
  current: T,
  version: number | undefined,
  stale: ServerMessageCode,
) {
  if (version !== undefined && version !== current.version) {
    throw conflict(stale, {}, current);
  }
}
