import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditAnchor, auditCheckpoint, auditRecord } from '../../db/schema.ts';
import { expectedHash, GENESIS, readKeyedAfter, sealOf, type StoredAuditRecord } from './audit-hash.ts';

type KeyedAfter = Awaited<ReturnType<typeof readKeyedAfter>>;

// Checking the chain of custody. A full check re-hashes every record from the first; custody
// documents instead read the stored verdict and re-hash only the records written since it was taken
// (and the sample's own records), so a download costs the same with 8,000 records as with 80.
// Either way the chain is also held against its anchors: a head behind an anchor, or an anchored
// hash no longer in the chain, means its tail was cut.

/** Why a chain reads as broken. */
export const chainProblems = ['altered', 'unlinked', 'downgraded', 'truncated', 'anchorForged'] as const;
export type ChainProblem = (typeof chainProblems)[number];

export type ChainVerdict = { valid: boolean; checked: number; brokenAt?: number; problem?: ChainProblem };

type Position = { id: number; hash: string; count: number; version: number };
const START: Position = { id: 0, hash: GENESIS, count: 0, version: 1 };
const BATCH = 2_000;
const CHECKPOINT_ID = 1;

/** Records re-hashed by this process's checks since it started (a metric): what checking costs. */
let recordsVerified = 0;
export const auditRecordsVerified = () => recordsVerified;

/**
 * Whether one record holds: its own hash, its link to the one before, and no record sealed the old
 * unkeyed way where the chain was already keyed (`keyedAfter`, see markKeyedAfter).
 */
function problemOf(
  row: StoredAuditRecord & { id: number },
  before: Position,
  keyedAfter: KeyedAfter,
): ChainProblem | undefined {
  recordsVerified += 1;
  if (row.prevHash !== before.hash) return 'unlinked';
  if (row.hashVersion < before.version) return 'downgraded';
  if (keyedAfter === 'forged') return 'downgraded';
  if (row.hashVersion === 1 && keyedAfter !== null && row.id > keyedAfter) return 'downgraded';
  // Keyed records with no (genuine) record of when keying began: it was removed.
  if (row.hashVersion !== 1 && keyedAfter === null) return 'downgraded';
  if (row.hashVersion !== 1 && row.hashVersion !== 2) return 'altered';
  if (expectedHash(row) !== row.hash) return 'altered';
  return undefined;
}

type Anchor = typeof auditAnchor.$inferSelect;
/** A record the chain must still hold, as an anchor or the stored checkpoint names it. */
type Pin = Pick<Anchor, 'recordId' | 'recordCount' | 'headHash'>;

export const anchorSeal = (anchor: Pick<Anchor, 'at' | 'recordId' | 'recordCount' | 'headHash' | 'valid'>) =>
  sealOf({
    kind: 'anchor',
    at: anchor.at.toISOString(),
    recordId: anchor.recordId,
    recordCount: anchor.recordCount,
    headHash: anchor.headHash,
    valid: anchor.valid,
  });

/**
 * Walks the records after `from`, in batches, holding each anchor taken beyond `from` against the
 * record it names. Returns the verdict and the last record that held.
 */
async function walkFrom(
  db: Executor,
  from: Position,
  pinned: Pin[] = [],
): Promise<{ verdict: ChainVerdict; head: Position }> {
  const anchors = await db
    .select()
    .from(auditAnchor)
    .where(gt(auditAnchor.recordId, from.id))
    .orderBy(asc(auditAnchor.recordId));
  for (const anchor of anchors) {
    if (anchorSeal(anchor) !== anchor.seal) {
      return {
        verdict: { valid: false, checked: from.count, brokenAt: anchor.recordId, problem: 'anchorForged' },
        head: from,
      };
    }
  }
  const keyedAfter = await readKeyedAfter(db);
  const anchored = new Map<number, Pin[]>();
  for (const anchor of [...anchors, ...pinned]) {
    anchored.set(anchor.recordId, [...(anchored.get(anchor.recordId) ?? []), anchor]);
  }

  let head = from;
  const broken = (row: { id: number }, problem: ChainProblem) => ({
    verdict: { valid: false, checked: head.count + 1, brokenAt: row.id, problem },
    head,
  });
  for (;;) {
    const rows = await db
      .select()
      .from(auditRecord)
      .where(gt(auditRecord.id, head.id))
      .orderBy(asc(auditRecord.id))
      .limit(BATCH);
    for (const row of rows) {
      const problem = problemOf(row, head, keyedAfter);
      if (problem) return broken(row, problem);
      const next = { id: row.id, hash: row.hash, count: head.count + 1, version: row.hashVersion };
      for (const anchor of anchored.get(row.id) ?? []) {
        if (anchor.headHash !== row.hash) return broken(row, 'altered');
        if (anchor.recordCount !== next.count) return broken(row, 'truncated');
      }
      anchored.delete(row.id);
      head = next;
    }
    if (rows.length < BATCH) break;
  }
  // An anchor whose record is gone: the chain ends before a head it once had.
  const [missing] = [...anchored.keys()].sort((a, b) => a - b);
  if (missing !== undefined) {
    return { verdict: { valid: false, checked: head.count, brokenAt: missing, problem: 'truncated' }, head };
  }
  return { verdict: { valid: true, checked: head.count }, head };
}

// ---------------------------------------------------------------------------------------------
// The stored verdict

type Checkpoint = typeof auditCheckpoint.$inferSelect;

const checkpointSeal = (
  c: Pick<Checkpoint, 'recordId' | 'recordCount' | 'headHash' | 'valid' | 'brokenAt' | 'problem'>,
) =>
  sealOf({
    kind: 'checkpoint',
    recordId: c.recordId,
    recordCount: c.recordCount,
    headHash: c.headHash,
    valid: c.valid,
    brokenAt: c.brokenAt ?? null,
    problem: c.problem ?? null,
  });

/** The stored checkpoint, if there is one sealed with this key. */
async function readCheckpoint(db: Executor) {
  const [checkpoint] = await db.select().from(auditCheckpoint).where(eq(auditCheckpoint.id, CHECKPOINT_ID));
  return checkpoint && checkpointSeal(checkpoint) === checkpoint.seal ? checkpoint : undefined;
}

/**
 * Keeps a verdict. A full check's verdict replaces whatever was kept; an incremental one only moves a
 * valid checkpoint forward, so a slower check finishing late never undoes a newer one, and a broken
 * verdict stays until a full check clears it.
 */
async function storeVerdict(db: Executor, verdict: ChainVerdict, head: Position, full: boolean) {
  const values = {
    id: CHECKPOINT_ID,
    recordId: head.id,
    recordCount: verdict.checked,
    headHash: head.hash,
    valid: verdict.valid,
    brokenAt: verdict.brokenAt ?? null,
    problem: verdict.problem ?? null,
  };
  const row = { ...values, checkedAt: new Date(), seal: checkpointSeal(values) };
  const { id: _id, ...set } = row;
  await db
    .insert(auditCheckpoint)
    .values(row)
    .onConflictDoUpdate({
      target: auditCheckpoint.id,
      set,
      where: full
        ? undefined
        : sql`${auditCheckpoint.valid} AND (${!verdict.valid} OR ${auditCheckpoint.recordId} <= ${head.id})`,
    });
}

/** The whole chain from its first record, and its anchors; the verdict is kept for custody documents. */
export async function verifyAuditChain(db: Executor): Promise<ChainVerdict> {
  // A genuine checkpoint is a sealed statement of a record the chain held: held to it like an anchor.
  const checkpoint = await readCheckpoint(db);
  const pins = checkpoint?.valid && checkpoint.recordId > 0 ? [checkpoint] : [];
  const { verdict, head } = await walkFrom(db, START, pins);
  await storeVerdict(db, verdict, head, true);
  return verdict;
}

/**
 * The chain's verdict from the stored checkpoint: the record it ends at must still carry its hash,
 * and only the records after it are re-hashed. Without a (genuine) checkpoint this is a full check.
 */
async function verifyAuditChainSinceCheckpoint(db: Executor): Promise<ChainVerdict> {
  const checkpoint = await readCheckpoint(db);
  if (!checkpoint) return verifyAuditChain(db);
  if (!checkpoint.valid) {
    return {
      valid: false,
      checked: checkpoint.recordCount,
      brokenAt: checkpoint.brokenAt ?? undefined,
      problem: (checkpoint.problem as ChainProblem | null) ?? 'altered',
    };
  }
  let from = START;
  if (checkpoint.recordId > 0) {
    const [row] = await db
      .select({ hash: auditRecord.hash, hashVersion: auditRecord.hashVersion })
      .from(auditRecord)
      .where(eq(auditRecord.id, checkpoint.recordId));
    if (!row || row.hash !== checkpoint.headHash) {
      const verdict: ChainVerdict = {
        valid: false,
        checked: checkpoint.recordCount,
        brokenAt: checkpoint.recordId,
        problem: row ? 'altered' : 'truncated',
      };
      await storeVerdict(db, verdict, START, false);
      return verdict;
    }
    from = { id: checkpoint.recordId, hash: row.hash, count: checkpoint.recordCount, version: row.hashVersion };
  }
  const { verdict, head } = await walkFrom(db, from);
  await storeVerdict(db, verdict, head, false);
  return verdict;
}

/**
 * One entity's records, each re-hashed and held against its neighbours in the chain (the record
 * before must carry its prevHash, the record after must name its hash): what a custody document
 * prints is checked whole even when it lies behind the checkpoint.
 */
export async function verifyEntityRecords(
  db: Executor,
  entityType: string,
  entityId: string | number,
): Promise<{ brokenAt: number; problem: ChainProblem } | undefined> {
  const rows = await db
    .select({
      record: auditRecord,
      // Written out: drizzle names a column without its table here, which the subquery would take as its own.
      before: sql<
        string | null
      >`(SELECT b.hash FROM audit_record b WHERE b.id < audit_record.id ORDER BY b.id DESC LIMIT 1)`,
      beforeVersion: sql<
        number | null
      >`(SELECT b.hash_version FROM audit_record b WHERE b.id < audit_record.id ORDER BY b.id DESC LIMIT 1)`,
      after: sql<
        string | null
      >`(SELECT b.prev_hash FROM audit_record b WHERE b.id > audit_record.id ORDER BY b.id LIMIT 1)`,
    })
    .from(auditRecord)
    .where(and(eq(auditRecord.entityType, entityType), eq(auditRecord.entityId, String(entityId))))
    .orderBy(asc(auditRecord.id));
  const keyedAfter = rows.length ? await readKeyedAfter(db) : null;
  for (const { record, before, beforeVersion, after } of rows) {
    const previous = { id: 0, count: 0, hash: before ?? GENESIS, version: Number(beforeVersion ?? 1) };
    const problem = problemOf(record, previous, keyedAfter);
    if (problem) return { brokenAt: record.id, problem };
    if (after !== null && after !== record.hash) return { brokenAt: record.id, problem: 'unlinked' };
  }
  return undefined;
}

/**
 * What a custody document states about the chain: the entity's own records checked whole, the rest
 * from the checkpoint. A broken record found here is kept as the chain's verdict.
 */
export async function custodyChainVerdict(
  db: Executor,
  entityType: string,
  entityId: string | number,
): Promise<ChainVerdict> {
  const own = await verifyEntityRecords(db, entityType, entityId);
  const verdict = await verifyAuditChainSinceCheckpoint(db);
  if (!own || !verdict.valid) return verdict;
  const broken: ChainVerdict = { valid: false, checked: verdict.checked, ...own };
  await storeVerdict(db, broken, START, false);
  return broken;
}
