import { asc, desc, eq, sql, and } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { auditRecord } from '../../db/schema.ts';
import {
  AUDIT_HASH_VERSION,
  canonicalJson,
  expectedHash,
  GENESIS,
  hashFields,
  storedJson,
  markKeyedAfter,
  storedText,
  type HashedFields,
} from './audit-hash.ts';

/** Who acts: the signed-in staff member (AuthUser satisfies it), or any account in seeding and tests. */
export type Actor = { id: number; displayName: string };

export type AuditEntry = {
  entityType: string;
  entityId: string | number;
  action: string;
  fromStatus?: string | null;
  toStatus?: string | null;
  changes?: Record<string, { from: unknown; to: unknown }>;
  reason?: string | null;
  actor?: Actor | null;
  at?: Date;
};

const text = (value: string | null | undefined) => (value == null ? null : storedText(value));

/**
 * Appends to the chain of custody. The advisory lock serialises appends so that two transactions
 * can never chain onto the same predecessor; it holds only until the end of a transaction, so the
 * parameter is a transaction handle (the database itself does not type-check): a caller cannot
 * append outside the transaction that makes the change, whatever headers the request carried.
 */
export async function appendAudit(db: Tx, entry: AuditEntry) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(727002)`);
  const [last] = await db
    .select({ id: auditRecord.id, hash: auditRecord.hash, hashVersion: auditRecord.hashVersion })
    .from(auditRecord)
    .orderBy(desc(auditRecord.id))
    .limit(1);
  // The chain's first keyed record: from here on every record must be keyed (audit-hash.ts).
  if (!last || last.hashVersion < AUDIT_HASH_VERSION) await markKeyedAfter(db, last?.id ?? 0);
  const at = entry.at ?? new Date();
  const fields: HashedFields = {
    entityType: storedText(entry.entityType),
    entityId: storedText(String(entry.entityId)),
    action: storedText(entry.action),
    fromStatus: text(entry.fromStatus),
    toStatus: text(entry.toStatus),
    changes: storedJson(entry.changes ?? {}),
    reason: text(entry.reason),
    actorId: entry.actor?.id ?? null,
    actorName: text(entry.actor?.displayName),
    at: at.toISOString(),
    prevHash: last?.hash ?? GENESIS,
  };
  const [row] = await db
    .insert(auditRecord)
    .values({ ...fields, at, hash: hashFields(fields, AUDIT_HASH_VERSION), hashVersion: AUDIT_HASH_VERSION })
    .returning();
  // The record as the database gave it back must verify: if anything stored differs from what was
  // sealed, the change is refused now rather than leaving a chain that reads as broken for ever.
  if (expectedHash(row!) !== row!.hash) {
    throw new Error(`audit record for ${fields.entityType} ${fields.entityId} would not verify as stored`);
  }
  return row!;
}

export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

/**
 * A stored value as the chain of custody compares and keeps it: a date as its instant (ISO), a json
 * column canonically (key order aside), everything else as it is.
 */
function comparable(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  return canonicalJson(value);
}

/**
 * What an update really changed: the stored row before and after it, column by column, for every
 * column but the bookkeeping ones (`ignored`: the id, version and timestamps, and a status the entry
 * records as its from → to). The one rule every audited write of a record uses, so no field the
 * update touched can be left out of its audit record, and a value written back unchanged is no change.
 * A new record is compared with nothing (`{}`): its audit record lists the fields it was made with.
 */
export function rowChanges<T extends Record<string, unknown>>(
  before: Partial<T>,
  after: T,
  ignored: readonly string[] = [],
): FieldChanges {
  const changes: FieldChanges = {};
  for (const key of Object.keys(after)) {
    if (ignored.includes(key)) continue;
    const from = before[key] ?? null;
    const to = after[key] ?? null;
    if (comparable(from) !== comparable(to)) changes[key] = asJson({ from, to });
  }
  return changes;
}

export async function auditTrail(db: Executor, entityType: string, entityId: string | number) {
  return db
    .select()
    .from(auditRecord)
    .where(and(eq(auditRecord.entityType, entityType), eq(auditRecord.entityId, String(entityId))))
    .orderBy(asc(auditRecord.id));
}

// The audit hash is taken over JSON: dates must be strings before hashing, as they are once stored.
export const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
