import { createHash } from 'node:crypto';
import { asc, desc, eq, sql, and } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client.ts';
import { auditRecord } from '../db/schema.ts';

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

const GENESIS = '0'.repeat(64);

type HashedFields = {
  entityType: string;
  entityId: string;
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  changes: Record<string, { from: unknown; to: unknown }>;
  reason: string | null;
  actorId: number | null;
  at: string;
  prevHash: string;
};

// jsonb does not keep key order, so the hash is taken over JSON with sorted keys.
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function hashRecord(fields: HashedFields): string {
  return createHash('sha256').update(canonicalJson(fields)).digest('hex');
}

/**
 * Appends to the chain of custody. The advisory lock serialises appends so that two transactions
 * can never chain onto the same predecessor; it holds only until the end of a transaction, so the
 * parameter is a transaction handle (the database itself does not type-check): a caller cannot
 * append outside the transaction that makes the change, whatever headers the request carried.
 */
export async function appendAudit(db: Tx, entry: AuditEntry) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(727002)`);
  const [last] = await db.select({ hash: auditRecord.hash }).from(auditRecord).orderBy(desc(auditRecord.id)).limit(1);
  const at = entry.at ?? new Date();
  const fields: HashedFields = {
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    action: entry.action,
    fromStatus: entry.fromStatus ?? null,
    toStatus: entry.toStatus ?? null,
    changes: entry.changes ?? {},
    reason: entry.reason ?? null,
    actorId: entry.actor?.id ?? null,
    at: at.toISOString(),
    prevHash: last?.hash ?? GENESIS,
  };
  const [row] = await db
    .insert(auditRecord)
    .values({ ...fields, at, actorName: entry.actor?.displayName ?? null, hash: hashRecord(fields) })
    .returning();
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
 */
export function rowChanges<T extends Record<string, unknown>>(
  before: T,
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

/** What changed between two versions of a record, for the audit trail. */
export function diffFields<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, to] of Object.entries(after)) {
    const from = before[key];
    if (to !== undefined && JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
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

/** Walks the whole chain; returns the first record whose hash or link does not hold. */
export async function verifyAuditChain(db: Executor): Promise<{ valid: boolean; checked: number; brokenAt?: number }> {
  const rows = await db.select().from(auditRecord).orderBy(asc(auditRecord.id));
  let prev = GENESIS;
  for (const row of rows) {
    const expected = hashRecord({
      entityType: row.entityType,
      entityId: row.entityId,
      action: row.action,
      fromStatus: row.fromStatus,
      toStatus: row.toStatus,
      changes: row.changes,
      reason: row.reason,
      actorId: row.actorId,
      at: row.at.toISOString(),
      prevHash: row.prevHash,
    });
    if (row.prevHash !== prev || row.hash !== expected) return { valid: false, checked: rows.length, brokenAt: row.id };
    prev = row.hash;
  }
  return { valid: true, checked: rows.length };
}

// The audit hash is taken over JSON: dates must be strings before hashing, as they are once stored.
export const asJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
