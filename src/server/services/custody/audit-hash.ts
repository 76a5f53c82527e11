import { createHash, createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { appSetting } from '../../db/schema.ts';
import { auditChainKey } from './audit-chain-key.ts';

// How the chain of custody seals a record: the fields, their canonical form, and the hash, shared
// by appending (audit.ts) and checking (audit-verification.ts).

export const GENESIS = '0'.repeat(64);

/**
 * How a record's hash is taken. 1: plain SHA-256 without the actor's name, as records were written
 * before the chain was keyed (they still verify as they were written). 2: HMAC-SHA-256 with the chain
 * key, over every field a custody document prints. A chain never goes back from 2 to 1.
 */
export const AUDIT_HASH_VERSION = 2;

export type HashedFields = {
  entityType: string;
  entityId: string;
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  changes: Record<string, { from: unknown; to: unknown }>;
  reason: string | null;
  actorId: number | null;
  actorName: string | null;
  at: string;
  prevHash: string;
};

/** A record as stored: what verification re-hashes. */
export type StoredAuditRecord = Omit<HashedFields, 'at'> & { at: Date; hash: string; hashVersion: number };

// jsonb does not keep key order, so the hash is taken over JSON with sorted keys.
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text as the database stores it: a lone UTF-16 surrogate cannot be written as UTF-8, so the driver
 * stores U+FFFD in its place. Hashing the JS string instead would seal something that was never
 * stored, and that record would fail verification for ever.
 */
export function storedText(value: string): string {
  return value.replace(LONE_SURROGATE, '\uFFFD');
}

/** A value as a jsonb column gives it back: JSON (dates as ISO strings, undefined dropped), stored text, keys too. */
export function storedJson<T>(value: T): T {
  const wellFormed = (v: unknown): unknown => {
    if (typeof v === 'string') return storedText(v);
    if (Array.isArray(v)) return v.map(wellFormed);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>).map(([k, x]) => [storedText(k), wellFormed(x)]),
      );
    }
    return v;
  };
  return wellFormed(JSON.parse(JSON.stringify(value ?? null))) as T;
}

export function hashFields(fields: HashedFields, version: number): string {
  if (version === 1) {
    // The fields as they were sealed before keying: no actor name.
    const { actorName: _unsealed, ...legacy } = fields;
    return createHash('sha256').update(canonicalJson(legacy)).digest('hex');
  }
  return createHmac('sha256', auditChainKey().key)
    .update(canonicalJson({ ...fields, hashVersion: version }))
    .digest('hex');
}

/** The hash a stored record should carry, by its own hash version. */
export function expectedHash(row: StoredAuditRecord): string {
  return hashFields(
    {
      entityType: row.entityType,
      entityId: row.entityId,
      action: row.action,
      fromStatus: row.fromStatus,
      toStatus: row.toStatus,
      changes: row.changes,
      reason: row.reason,
      actorId: row.actorId,
      actorName: row.actorName,
      at: row.at.toISOString(),
      prevHash: row.prevHash,
    },
    row.hashVersion,
  );
}

/** A keyed MAC over anything else the chain's verification keeps (anchors, checkpoints, seals). */
export function sealOf(value: unknown): string {
  return createHmac('sha256', auditChainKey().key).update(canonicalJson(value)).digest('hex');
}

const KEYED_AFTER_SETTING = 'audit_chain_keyed_after';

/**
 * Where keying began: the id of the last record sealed the old way (0 for a chain keyed from its
 * first record), sealed with the key. Without it, someone who rewrote every record the old unkeyed
 * way would have a chain that verifies; with it, an old-style record after that point is a
 * downgrade. Written once, with the first keyed record.
 */
export async function markKeyedAfter(db: Executor, recordId: number) {
  const value = JSON.stringify({ recordId, seal: sealOf({ kind: 'keyedAfter', recordId }) });
  await db.insert(appSetting).values({ key: KEYED_AFTER_SETTING, value }).onConflictDoNothing();
}

/**
 * The genuine keying point; `null` when the chain has never been keyed, `'forged'` when the
 * setting is there but not sealed with this key.
 */
export async function readKeyedAfter(db: Executor): Promise<number | null | 'forged'> {
  const [row] = await db.select().from(appSetting).where(eq(appSetting.key, KEYED_AFTER_SETTING));
  if (!row) return null;
  try {
    const { recordId, seal } = JSON.parse(row.value) as { recordId: number; seal: string };
    return typeof recordId === 'number' && seal === sealOf({ kind: 'keyedAfter', recordId }) ? recordId : 'forged';
  } catch {
    return 'forged';
  }
}
