import { and, desc, eq, sql } from 'drizzle-orm';
import {
  assertEditable,
  IllegalTransitionError,
  isHeldOnReceipt,
  nextStatus,
  receiptHoldAllows,
  sampleSubject,
  type SampleEditName,
  type SampleStatus,
  type WorkflowActionName,
  workflowActions,
} from '../../../shared/workflow/sample-workflow.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { auditRecord, sampleEntry } from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import { appendAudit, rowChanges, type Actor } from '../custody/audit.ts';
import { announceChange, type NewNotification } from '../messaging/notifications.ts';

// The transition kernel: every bench moves or edits a sample through these, so the state machine's
// verdict, the row lock, the version bump and the audit record are written one way.

export type SampleEntry = typeof sampleEntry.$inferSelect;
export type SampleChanges = Partial<typeof sampleEntry.$inferInsert>;

export const SAMPLE_ENTITY = 'sample_entry';

/** The state machine's refusal as the API's 409: the sample, its state and the states the action needs. */
function wrongState(error: IllegalTransitionError, sample: SampleEntry) {
  return conflict(
    'sampleWrongState',
    { idflNumber: sample.idflNumber, status: error.status, needed: error.allowedFrom },
    sample,
  );
}

/** Turns the state machine's verdict into the API's 409, naming the sample and its state. */
// The 409 carries the current record, so a bench whose queued action lost the race can show what happened.
function judgeTransition(action: WorkflowActionName, sample: SampleEntry) {
  let toStatus: SampleStatus;
  try {
    toStatus = nextStatus(action, sample.status, sampleSubject(sample.idflNumber));
  } catch (error) {
    if (error instanceof IllegalTransitionError) {
      // The same step made elsewhere first (two tablets checking in one parcel offline): not a
      // disagreement for a person to settle, so it has its own code (the sync says who and when).
      const { to, isUndo } = workflowActions[action];
      if (!isUndo && sample.status === to)
        throw conflict('sampleAlreadyDone', { idflNumber: sample.idflNumber, status: sample.status }, sample);
      throw wrongState(error, sample);
    }
    throw error;
  }
  if (!receiptHoldAllows(action, sample)) throw wrongHold(sample);
  return toStatus;
}

/** The receipt hold's refusal (sample-workflow.ts, onReceiptHold) as the API's 409. */
export function wrongHold(sample: SampleEntry) {
  const params = { idflNumber: sample.idflNumber };
  return isHeldOnReceipt(sample)
    ? conflict('sampleHeldOnReceipt', params, sample)
    : conflict('sampleNotHeldOnReceipt', params, sample);
}

/** Who moved the sample into its status, and when: the latest audit record of that transition. */
export async function whoMovedSample(db: Executor, sampleId: number, status: string) {
  const [row] = await db
    .select({ by: auditRecord.actorName, at: auditRecord.at })
    .from(auditRecord)
    .where(
      and(
        eq(auditRecord.entityType, SAMPLE_ENTITY),
        eq(auditRecord.entityId, String(sampleId)),
        eq(auditRecord.toStatus, status),
      ),
    )
    .orderBy(desc(auditRecord.at))
    .limit(1);
  return row ? { by: row.by ?? '', at: row.at.toISOString() } : null;
}

export function judgeEdit(edit: SampleEditName, sample: SampleEntry) {
  try {
    assertEditable(edit, sample.status, sampleSubject(sample.idflNumber));
  } catch (error) {
    if (error instanceof IllegalTransitionError) throw wrongState(error, sample);
    throw error;
  }
}

/** Reads the sample and holds it until the transaction ends, so two benches cannot both move it. */
export async function lockSample(db: Tx, id: number): Promise<SampleEntry> {
  const [row] = await db.select().from(sampleEntry).where(eq(sampleEntry.id, id)).for('update');
  if (!row) throw notFound('sampleNotFound');
  return row;
}

export async function findSample(db: Executor, id: number): Promise<SampleEntry> {
  const [row] = await db.select().from(sampleEntry).where(eq(sampleEntry.id, id));
  if (!row) throw notFound('sampleNotFound');
  return row;
}

/**
 * The columns an entry's audit record does not list as changed fields: the record's bookkeeping, and
 * the status, which a transition records as its from → to.
 */
const NOT_AUDITED = ['id', 'status', 'version', 'createdAt', 'updatedAt', 'statusChangedAt'] as const;

/** Thrown inside the savepoint of an edit that changed nothing, to roll its version bump back. */
const NO_CHANGE = Symbol('no change');

export type SampleEdit = { sample: SampleEntry; unchanged: boolean };

type SampleChangeOptions = {
  /** The stored row, read and locked in this transaction (lockSample). */
  sample: SampleEntry;
  action: string;
  by: Actor;
  changes: SampleChanges;
  toStatus?: SampleStatus;
  reason?: string | null;
};

/**
 * Writes a change of one sample and its audit record together. With a status the change is a
 * transition (from → to in the chain of custody); without, a field change. The audit record lists
 * what the update really changed: the stored row before it and the row it returned, every column
 * compared (rowChanges), so no field can be written unlogged, whatever the caller passed. An edit
 * that changes nothing is undone in its savepoint: no version bump, no audit record
 * (`unchanged: true`); a transition is always recorded.
 */
export async function writeSampleChange(db: Tx, options: SampleChangeOptions): Promise<SampleEdit> {
  const { sample, action, by, toStatus, reason } = options;
  const apply = async (tx: Tx) => {
    const [after] = await tx
      .update(sampleEntry)
      .set({
        ...options.changes,
        ...(toStatus ? { status: toStatus } : {}),
        version: sql`${sampleEntry.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(sampleEntry.id, sample.id))
      .returning();
    return { after: after!, changes: rowChanges(sample, after!, NOT_AUDITED) };
  };
  let written: Awaited<ReturnType<typeof apply>>;
  if (toStatus) written = await apply(db);
  else {
    try {
      written = await db.transaction(async (savepoint) => {
        const applied = await apply(savepoint);
        if (Object.keys(applied.changes).length === 0) throw NO_CHANGE;
        return applied;
      });
    } catch (error) {
      if (error === NO_CHANGE) return { sample, unchanged: true };
      throw error;
    }
  }
  await appendAudit(db, {
    entityType: SAMPLE_ENTITY,
    entityId: sample.id,
    action,
    fromStatus: toStatus ? sample.status : null,
    toStatus: toStatus ?? null,
    changes: written.changes,
    reason: reason ?? null,
    actor: by,
  });
  return { sample: written.after, unchanged: false };
}

/** writeSampleChange for the callers that need only the sample as it now stands. */
export async function recordSampleChange(db: Tx, options: SampleChangeOptions): Promise<SampleEntry> {
  return (await writeSampleChange(db, options)).sample;
}

/** What a workflow action writes besides the status; a function of the locked row runs after the judge. */
type ActionChanges = SampleChanges | ((sample: SampleEntry) => SampleChanges | Promise<SampleChanges>);

type SampleActionOptions = {
  action: WorkflowActionName;
  by: Actor;
  /**
   * The sample's fields the action sets. As a function it runs once the action is judged allowed, on
   * the locked row, so it may refuse (throw) or write the sample's other records first.
   */
  changes?: ActionChanges;
  /** Why, for the audit record; as a function it is asked once `changes` has run (it may name what they wrote). */
  reason?: string | null | (() => string);
  /** The notice of an action whose workflow row `notifies` someone, worded for this sample. */
  announce?: (sample: SampleEntry) => Omit<NewNotification, 'kind'>;
};

/**
 * The sample-action kernel: every bench's workflow action on one sample, in the caller's
 * transaction. It locks the row (given its id), judges the action (state machine and receipt hold,
 * the only place that does), writes the change with its audit record and announces it as the
 * workflow table says. Answers the row as it was (`before`) and as it now stands (`after`).
 */
export async function fireSampleAction(tx: Tx, sample: number | SampleEntry, options: SampleActionOptions) {
  const { action, by, changes = {}, reason, announce } = options;
  // A caller that had to read the row first (the certificate checks its versions) hands over the row
  // it locked in this transaction, so the sample is locked and judged once.
  const before = typeof sample === 'number' ? await lockSample(tx, sample) : sample;
  const toStatus = judgeTransition(action, before);
  const fields = typeof changes === 'function' ? await changes(before) : changes;
  const why = typeof reason === 'function' ? reason() : reason;
  const after = await recordSampleChange(tx, { sample: before, action, by, toStatus, changes: fields, reason: why });
  if (announce) await announceChange(tx, workflowActions[action], announce(before));
  return { before, after };
}
