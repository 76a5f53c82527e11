// The third lab's actions: it checks a sample in, records and returns its C/H/O result, and undoes
// a whole package sent to it. What it reads (its worklist and counts) is in third-lab-list.ts.
import { asc, desc, eq, sql } from 'drizzle-orm';
import {
  isotopeFields,
  missingIsotopes,
  optionalIsotopeFields,
  uncertaintyFields,
  type UpdateResult,
} from '../../../shared/schemas/third-lab.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { dispatchBatch, sampleEntry, thirdLabEntry } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { assertVersion } from '../stale-writes.ts';
import { appendAudit, rowChanges, type FieldChanges, type Actor } from '../custody/audit.ts';
import { announceChange } from '../messaging/notifications.ts';
import { markBatchReceivedWhenComplete, reopenDispatchBatch } from './dispatch-batches.ts';
import { canChangeDispatchBatch, dispatchBatchTransitions } from '../../../shared/workflow/record-workflows.ts';
import { assertFilesAttachable, fileUrl, type FileAttacher } from '../files.ts';
import { fireSampleAction, judgeEdit, lockSample, SAMPLE_ENTITY, type SampleEntry } from './sample-transitions.ts';

export type ThirdLabEntry = typeof thirdLabEntry.$inferSelect;

/** The open third-lab entry of a sample (the one of its latest dispatch), held for the transaction. */
export async function lockThirdLabEntry(db: Executor, sample: SampleEntry): Promise<ThirdLabEntry> {
  const [entry] = await db
    .select()
    .from(thirdLabEntry)
    .where(eq(thirdLabEntry.sampleEntryId, sample.id))
    .orderBy(desc(thirdLabEntry.id))
    .limit(1)
    .for('update');
  if (!entry) throw conflict('noThirdLabEntry', { idflNumber: sample.idflNumber }, sample);
  return entry;
}

async function updateThirdLabEntry(
  db: Executor,
  entry: ThirdLabEntry,
  changes: Partial<typeof thirdLabEntry.$inferInsert>,
) {
  const [updated] = await db
    .update(thirdLabEntry)
    .set({ ...changes, version: sql`${thirdLabEntry.version} + 1`, updatedAt: new Date() })
    .where(eq(thirdLabEntry.id, entry.id))
    .returning();
  return updated!;
}

/** Thrown inside the savepoint of a result saved unchanged, to roll its version bump back. */
const NO_CHANGE = Symbol('no change');

/**
 * The third lab's edit of its entry, by the rule of every audited write (rowChanges): what the
 * update really changed, read from the stored entry before and after it; a save that changes
 * nothing is rolled back in its savepoint and leaves no version bump and no audit record. The runs
 * a value came from are not a change of their own: the audit record's reason names the run.
 */
export async function editThirdLabEntry(
  db: Tx,
  entry: ThirdLabEntry,
  changes: Partial<typeof thirdLabEntry.$inferInsert>,
): Promise<{ entry: ThirdLabEntry; changes: FieldChanges } | null> {
  try {
    return await db.transaction(async (savepoint) => {
      const updated = await updateThirdLabEntry(savepoint, entry, changes);
      const changed = rowChanges(entry, updated, ['id', 'version', 'createdAt', 'updatedAt', 'measurementRuns']);
      if (Object.keys(changed).length === 0) throw NO_CHANGE;
      return { entry: updated, changes: changed };
    });
  } catch (error) {
    if (error === NO_CHANGE) return null;
    throw error;
  }
}

export async function checkInThirdLab(db: Executor, { id, by }: { id: number; by: Actor }) {
  return db.transaction(async (tx) => {
    let thirdLab: ThirdLabEntry | undefined;
    const { after } = await fireSampleAction(tx, id, {
      action: 'thirdLabCheckIn',
      by,
      changes: async (sample) => {
        const now = new Date();
        const entry = await lockThirdLabEntry(tx, sample);
        thirdLab = await updateThirdLabEntry(tx, entry, { receivedDate: now, checkedInDate: now, checkedInBy: by.id });
        return {};
      },
    });
    if (after.dispatchBatchId) await markBatchReceivedWhenComplete(tx, { batchId: after.dispatchBatchId, by });
    return { ...after, thirdLabEntry: { ...thirdLab!, reportFileUrl: fileUrl(thirdLab!.reportFileId) } };
  });
}

/** Records the third lab's δ values (C/H/O, and N/S when measured) with their uncertainties (and optional PDF report) without returning them yet. */
export async function updateThirdLabResult(
  db: Executor,
  { id, input, by }: { id: number; input: UpdateResult; by: Actor & FileAttacher },
) {
  const missing = missingIsotopes(input);
  if (Object.keys(missing).length) throw badRequest('isotopesRequired', {}, missing);
  return db.transaction(async (tx) => {
    const sample = await lockSample(tx, id);
    judgeEdit('thirdLabResult', sample);
    const entry = await lockThirdLabEntry(tx, sample);
    assertVersion(entry, input.version, 'staleResult');
    if (input.reportFileId)
      await assertFilesAttachable(tx, [input.reportFileId], {
        field: 'reportFileId',
        kind: 'pdf',
        by,
        kept: [entry.reportFileId],
      });
    // A value typed by hand is no longer the run's: it drops the run named beside it. δ15N and δ34S
    // left out of the request stay as stored, and so does their run.
    const runs = { ...entry.measurementRuns };
    for (const field of isotopeFields)
      if (input[field] !== undefined && input[field] !== entry[field]) delete runs[field];
    const changes = {
      measurementRuns: Object.keys(runs).length ? runs : null,
      carbon: input.carbon!,
      hydrogen: input.hydrogen!,
      oxygen: input.oxygen!,
      carbonUncertainty: input.carbonUncertainty ?? null,
      hydrogenUncertainty: input.hydrogenUncertainty ?? null,
      oxygenUncertainty: input.oxygenUncertainty ?? null,
      // δ15N and δ34S left out of the request stay as stored (see updateResultSchema).
      ...optionalValues(input),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      ...(input.reportFileId !== undefined ? { reportFileId: input.reportFileId } : {}),
      resultEnteredBy: by.id,
    };
    const edited = await editThirdLabEntry(tx, entry, changes);
    if (!edited) return { entry: { ...entry, reportFileUrl: fileUrl(entry.reportFileId) }, unchanged: true };
    await appendAudit(tx, {
      entityType: SAMPLE_ENTITY,
      entityId: sample.id,
      action: 'updateResult',
      changes: edited.changes,
      actor: by,
    });
    await tx.update(sampleEntry).set({ updatedAt: new Date() }).where(eq(sampleEntry.id, sample.id));
    return { entry: { ...edited.entry, reportFileUrl: fileUrl(edited.entry.reportFileId) }, unchanged: false };
  });
}

/** The δ15N and δ34S a result sends, each with its uncertainty; those it leaves out, untouched. */
function optionalValues(input: UpdateResult): Partial<typeof thirdLabEntry.$inferInsert> {
  const changes: Partial<typeof thirdLabEntry.$inferInsert> = {};
  for (const field of optionalIsotopeFields) {
    if (input[field] === undefined) continue;
    changes[field] = input[field];
    changes[uncertaintyFields[field]] = input[uncertaintyFields[field]] ?? null;
  }
  return changes;
}

export async function returnThirdLabResult(db: Executor, { id, by }: { id: number; by: Actor }) {
  return db.transaction(async (tx) => {
    let thirdLab: ThirdLabEntry | undefined;
    const { after } = await fireSampleAction(tx, id, {
      action: 'returnResult',
      by,
      changes: async (sample) => {
        const entry = await lockThirdLabEntry(tx, sample);
        if (entry.carbon == null || entry.hydrogen == null || entry.oxygen == null)
          throw conflict('isotopesRequired', {}, sample);
        const now = new Date();
        thirdLab = await updateThirdLabEntry(tx, entry, { resultReturnedDate: now });
        return { analysisDate: now };
      },
      announce: (sample) => ({
        params: { idflNumber: sample.idflNumber },
        title: 'Result returned',
        message: `The third lab returned the result of sample ${sample.idflNumber}.`,
        link: `/supervisor-samples/${sample.id}`,
      }),
    });
    return { ...after, thirdLabEntry: { ...thirdLab!, reportFileUrl: fileUrl(thirdLab!.reportFileId) } };
  });
}

/**
 * Undoes a whole package at the third lab: its samples go back to TesterConfirmed, their third-lab
 * entries are withdrawn (the audit keeps them) and the package returns to Draft to be sent again.
 */
export async function undoSampleTransaction(db: Executor, { packageCode, by }: { packageCode: string; by: Actor }) {
  return db.transaction(async (tx) => {
    const [batch] = await tx
      .select()
      .from(dispatchBatch)
      .where(eq(dispatchBatch.packageCode, packageCode))
      .for('update');
    if (!batch) throw notFound('packageNotFound', { packageCode });
    const members = await tx
      .select({ id: sampleEntry.id })
      .from(sampleEntry)
      .where(eq(sampleEntry.dispatchBatchId, batch.id))
      .orderBy(asc(sampleEntry.id));
    if (!canChangeDispatchBatch('undoSend', batch.status) || members.length === 0) {
      throw conflict('packageNotSent', { packageCode, status: batch.status }, batch);
    }
    const reason = `Sample transaction of package ${packageCode} undone`;
    const undone: number[] = [];
    for (const member of members) {
      let withdrawn: ThirdLabEntry[] = [];
      const { after: sample } = await fireSampleAction(tx, member.id, {
        action: 'undoThirdLabTransaction',
        by,
        reason,
        changes: async (held) => {
          withdrawn = await tx.delete(thirdLabEntry).where(eq(thirdLabEntry.sampleEntryId, held.id)).returning();
          return { shipmentNumber: null, sentDate: null, sentBy: null };
        },
      });
      if (withdrawn.length) {
        await appendAudit(tx, {
          entityType: SAMPLE_ENTITY,
          entityId: sample.id,
          action: 'withdrawThirdLabEntry',
          changes: JSON.parse(JSON.stringify({ thirdLabEntries: { from: withdrawn, to: [] } })),
          reason,
          actor: by,
        });
      }
      undone.push(sample.id);
    }
    const reopened = await reopenDispatchBatch(tx, { batch, by, reason });
    await announceChange(tx, dispatchBatchTransitions.undoSend, {
      params: { packageCode, count: undone.length },
      title: 'Package returned to draft',
      message: `Package ${packageCode} was undone by the third lab; its ${undone.length} sample(s) are back at the tester lab.`,
      link: '/packages',
    });
    return { dispatchBatch: reopened, sampleEntryIds: undone };
  });
}
