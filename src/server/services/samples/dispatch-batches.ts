import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import {
  canChangeDispatchBatch,
  dispatchBatchTransitions,
  isDispatchBatchOpen,
} from '../../../shared/workflow/record-workflows.ts';
import type { CreateDispatchBatch, UpdateDispatchBatch } from '../../../shared/schemas/dispatch-batch.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { containing, sortOrder } from '../../db/queries.ts';
import { booking, dispatchBatch, sampleEntry, thirdLabEntry } from '../../db/schema.ts';
import { bookingRush } from './sample-lists.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { assertVersion } from '../stale-writes.ts';
import { appendAudit, rowChanges, type Actor } from '../custody/audit.ts';
import { announceChange } from '../messaging/notifications.ts';
import { nextNumber } from './numbering.ts';
import { fromDateCondition, toDateCondition, userCondition } from '../../db/filters.ts';
import { fireSampleAction, judgeEdit, lockSample, recordSampleChange } from './sample-transitions.ts';

export type DispatchBatch = typeof dispatchBatch.$inferSelect;

const BATCH_ENTITY = 'dispatch_batch';

async function lockBatch(db: Tx, where: SQL, missing: AppError): Promise<DispatchBatch> {
  const [row] = await db.select().from(dispatchBatch).where(where).for('update');
  if (!row) throw missing;
  return row;
}

function assertDraft(batch: DispatchBatch, doing: 'packageNotDraftToChange' | 'packageNotDraftToSend') {
  if (!isDispatchBatchOpen(batch.status)) {
    throw conflict(doing, { packageCode: batch.packageCode }, batch);
  }
}

async function recordBatchChange(
  db: Tx,
  options: {
    batch: DispatchBatch;
    action: string;
    by: Actor;
    changes: Partial<typeof dispatchBatch.$inferInsert>;
    reason?: string;
  },
) {
  const { batch, action, by, changes } = options;
  const [updated] = await db
    .update(dispatchBatch)
    .set({ ...changes, version: sql`${dispatchBatch.version} + 1`, updatedAt: new Date() })
    .where(eq(dispatchBatch.id, batch.id))
    .returning();
  const fieldChanges = rowChanges(batch, updated!, ['id', 'status', 'version', 'createdAt', 'updatedAt']);
  await appendAudit(db, {
    entityType: BATCH_ENTITY,
    entityId: batch.id,
    action,
    fromStatus: changes.status ? batch.status : null,
    toStatus: changes.status ?? null,
    changes: fieldChanges,
    reason: options.reason ?? null,
    actor: by,
  });
  return updated!;
}

/** Puts a TesterConfirmed sample into a Draft package (it leaves for the third lab when the package is sent). */
async function putSampleInBatch(db: Tx, batch: DispatchBatch, sampleId: number, by: Actor) {
  const sample = await lockSample(db, sampleId);
  judgeEdit('addToDispatchBatch', sample);
  if (sample.dispatchBatchId === batch.id) return sample;
  if (sample.dispatchBatchId !== null) {
    throw conflict(
      'sampleAlreadyInPackage',
      { idflNumber: sample.idflNumber, packageCode: sample.packageCode ?? '' },
      sample,
    );
  }
  return recordSampleChange(db, {
    sample,
    action: 'addToDispatchBatch',
    by,
    changes: { dispatchBatchId: batch.id, packageCode: batch.packageCode },
  });
}

async function takeSampleOutOfBatch(db: Tx, batch: DispatchBatch, sampleId: number, by: Actor) {
  const sample = await lockSample(db, sampleId);
  if (sample.dispatchBatchId !== batch.id) {
    throw conflict('sampleNotInPackage', { idflNumber: sample.idflNumber, packageCode: batch.packageCode }, sample);
  }
  return recordSampleChange(db, {
    sample,
    action: 'removeFromDispatchBatch',
    by,
    changes: { dispatchBatchId: null, packageCode: null },
  });
}

export async function createDispatchBatch(db: Executor, { input, by }: { input: CreateDispatchBatch; by: Actor }) {
  return db.transaction(async (tx) => {
    const packageCode = input.packageCode?.trim() || (await nextNumber(tx, 'PKG'));
    const [taken] = await tx
      .select({ id: dispatchBatch.id })
      .from(dispatchBatch)
      .where(eq(dispatchBatch.packageCode, packageCode));
    if (taken) {
      throw new AppError(
        'CONFLICT',
        'packageCodeTaken',
        { packageCode },
        { errors: { packageCode: `Package code ${packageCode} already exists.` } },
      );
    }
    const [batch] = await tx
      .insert(dispatchBatch)
      .values({
        packageCode,
        packageName: input.packageName,
        shippmentNumber: input.shippmentNumber,
        notes: input.notes ?? null,
        createdBy: by.id,
      })
      .returning();
    await appendAudit(tx, {
      entityType: BATCH_ENTITY,
      entityId: batch!.id,
      action: 'create',
      toStatus: 'Draft',
      changes: rowChanges({}, { packageCode, packageName: input.packageName, shippmentNumber: input.shippmentNumber }),
      actor: by,
    });
    for (const sampleId of new Set(input.sampleEntryIds ?? [])) await putSampleInBatch(tx, batch!, sampleId, by);
    return batch!;
  });
}

export async function updateDispatchBatch(
  db: Executor,
  { id, input, by }: { id: number; input: UpdateDispatchBatch; by: Actor },
) {
  return db.transaction(async (tx) => {
    const batch = await lockBatch(tx, eq(dispatchBatch.id, id), notFound('batchNotFound'));
    assertVersion(batch, input.version, 'stalePackage');
    assertDraft(batch, 'packageNotDraftToChange');
    for (const sampleId of new Set(input.removeSampleEntryIds ?? []))
      await takeSampleOutOfBatch(tx, batch, sampleId, by);
    for (const sampleId of new Set(input.addSampleEntryIds ?? [])) await putSampleInBatch(tx, batch, sampleId, by);
    const changes: Partial<typeof dispatchBatch.$inferInsert> = {};
    if (input.packageName !== undefined) changes.packageName = input.packageName;
    if (input.shippmentNumber !== undefined) changes.shippmentNumber = input.shippmentNumber;
    if (input.notes !== undefined) changes.notes = input.notes;
    return recordBatchChange(tx, { batch, action: 'update', by, changes });
  });
}

/** Tester lab: adds a sample to the Draft package with this code. */
export async function addSampleToDispatchBatch(
  db: Executor,
  { sampleId, packageCode, by }: { sampleId: number; packageCode: string; by: Actor },
) {
  return db.transaction(async (tx) => {
    const batch = await lockBatch(
      tx,
      eq(dispatchBatch.packageCode, packageCode),
      notFound('packageNotFound', { packageCode }),
    );
    assertDraft(batch, 'packageNotDraftToChange');
    return putSampleInBatch(tx, batch, sampleId, by);
  });
}

/**
 * Sends a package: every sample in it goes SentToThirdLab, with a third-lab entry opened for it;
 * the third lab is told. All or nothing: one sample in the wrong state stops the whole package.
 */
export async function sendDispatchBatch(db: Executor, { id, by }: { id: number; by: Actor }) {
  return db.transaction(async (tx) => {
    const batch = await lockBatch(tx, eq(dispatchBatch.id, id), notFound('batchNotFound'));
    assertDraft(batch, 'packageNotDraftToSend');
    const members = await tx
      .select({ id: sampleEntry.id })
      .from(sampleEntry)
      .where(eq(sampleEntry.dispatchBatchId, batch.id))
      .orderBy(asc(sampleEntry.id));
    if (members.length === 0) throw conflict('packageEmpty', { packageCode: batch.packageCode }, batch);
    const now = new Date();
    for (const member of members) {
      await fireSampleAction(tx, member.id, {
        action: 'sendToThirdLab',
        by,
        changes: {
          packageCode: batch.packageCode,
          shipmentNumber: batch.shippmentNumber,
          sentDate: now,
          sentBy: by.id,
        },
      });
      await tx
        .insert(thirdLabEntry)
        .values({ sampleEntryId: member.id, sentDate: now, idflSentDate: now, idflSentBy: by.id });
    }
    const sent = await recordBatchChange(tx, {
      batch,
      action: 'send',
      by,
      changes: { status: dispatchBatchTransitions.send.to, sentDate: now, sentBy: by.id },
    });
    await announceChange(tx, dispatchBatchTransitions.send, {
      params: { packageCode: batch.packageCode, count: members.length },
      title: 'New package to check in',
      message: `Package ${batch.packageCode} with ${members.length} sample(s) was sent to the third lab.`,
      link: '/thirdlab-samples',
    });
    return { ...sent, sampleCount: members.length };
  });
}

/** A package is Received once the third lab has checked in every sample in it. */
export async function markBatchReceivedWhenComplete(db: Tx, { batchId, by }: { batchId: number; by: Actor }) {
  const batch = await lockBatch(db, eq(dispatchBatch.id, batchId), notFound('batchNotFound'));
  if (!canChangeDispatchBatch('receive', batch.status)) return batch;
  const [waiting] = await db
    .select({ count: count() })
    .from(sampleEntry)
    .where(and(eq(sampleEntry.dispatchBatchId, batchId), eq(sampleEntry.status, 'SentToThirdLab')));
  if ((waiting?.count ?? 0) > 0) return batch;
  return recordBatchChange(db, {
    batch,
    action: 'receive',
    by,
    changes: { status: dispatchBatchTransitions.receive.to },
  });
}

/** Third-lab undo by package code: the package goes back to Draft with its samples. */
export async function reopenDispatchBatch(
  db: Tx,
  { batch, by, reason }: { batch: DispatchBatch; by: Actor; reason: string },
) {
  return recordBatchChange(db, {
    batch,
    action: 'undoSend',
    by,
    reason,
    changes: { status: dispatchBatchTransitions.undoSend.to, sentDate: null, sentBy: null },
  });
}

export type DispatchBatchFilters = {
  /** The laboratory's time zone (LAB_TIME_ZONE): a date-only bound is its day. */
  timeZone: string;
  packageCode?: string;
  shippmentNumber?: string;
  sentBy?: string;
  sentFromDate?: string;
  sentToDate?: string;
  status?: string[];
  search?: string;
  orderBy?: string;
  limit: number;
  offset: number;
};

// Spelt out in full: inside a subquery drizzle would leave the outer column unqualified.
const sampleCount = sql<number>`(SELECT count(*)::int FROM sample_entry AS member WHERE member.dispatch_batch_id = "dispatch_batch"."id")`;

export async function listDispatchBatches(db: Executor, filters: DispatchBatchFilters) {
  const conditions = [
    filters.packageCode ? ilike(dispatchBatch.packageCode, containing(filters.packageCode)) : undefined,
    filters.shippmentNumber ? ilike(dispatchBatch.shippmentNumber, containing(filters.shippmentNumber)) : undefined,
    userCondition(dispatchBatch.sentBy, filters.sentBy),
    fromDateCondition(dispatchBatch.sentDate, filters.sentFromDate, filters.timeZone),
    toDateCondition(dispatchBatch.sentDate, filters.sentToDate, filters.timeZone),
    filters.status?.length ? inArray(dispatchBatch.status, filters.status as DispatchBatch['status'][]) : undefined,
    filters.search
      ? sql`(${ilike(dispatchBatch.packageCode, containing(filters.search))} OR ${ilike(
          dispatchBatch.packageName,
          containing(filters.search),
        )} OR ${ilike(dispatchBatch.shippmentNumber, containing(filters.search))})`
      : undefined,
  ];
  const where = and(...conditions);
  const columns = {
    packageCode: dispatchBatch.packageCode,
    packageName: dispatchBatch.packageName,
    shippmentNumber: dispatchBatch.shippmentNumber,
    sentDate: dispatchBatch.sentDate,
    status: dispatchBatch.status,
    createdAt: dispatchBatch.createdAt,
    updatedAt: dispatchBatch.updatedAt,
  } as const;
  const orderBy = sortOrder(filters.orderBy, columns, [desc(dispatchBatch.createdAt), desc(dispatchBatch.id)]);
  const [items, [totalRow]] = await Promise.all([
    db
      .select({ batch: dispatchBatch, sampleCount })
      .from(dispatchBatch)
      .where(where)
      .orderBy(...orderBy)
      .limit(filters.limit)
      .offset(filters.offset),
    db.select({ total: count() }).from(dispatchBatch).where(where),
  ]);
  return {
    items: items.map((row) => ({ ...row.batch, sampleCount: row.sampleCount })),
    total: totalRow?.total ?? 0,
    limit: filters.limit,
    offset: filters.offset,
  };
}

/** The package and what is in it, for the printed packing list that travels with the box. */
export async function findPackingList(db: Executor, id: number) {
  const [batch] = await db.select().from(dispatchBatch).where(eq(dispatchBatch.id, id));
  if (!batch) throw notFound('batchNotFound');
  const samples = await db
    .select({
      id: sampleEntry.id,
      idflNumber: sampleEntry.idflNumber,
      sampleCode: sampleEntry.sampleCode,
      sampleType: sampleEntry.sampleType,
      localCode: sampleEntry.localCode,
      bnCode: sampleEntry.bnCode,
      unit: sampleEntry.unit,
      initialWeight: sampleEntry.initialWeight,
      sentWeight: sampleEntry.sentWeight,
      remainingWeight: sampleEntry.remainingWeight,
      storageArea: sampleEntry.storageArea,
      status: sampleEntry.status,
      rushService: bookingRush,
      // A sample tested as received though damaged or insufficient is marked on the list.
      receivedCondition: sampleEntry.receivedCondition,
      receiptDecision: sampleEntry.receiptDecision,
    })
    .from(sampleEntry)
    .leftJoin(booking, eq(booking.id, sampleEntry.bookingId))
    .where(eq(sampleEntry.dispatchBatchId, id))
    .orderBy(asc(sampleEntry.idflNumber));
  const totalSentWeight = samples.reduce((sum, s) => sum + (s.sentWeight ?? 0), 0);
  return { ...batch, sampleCount: samples.length, totalSentWeight: Math.round(totalSentWeight * 1e6) / 1e6, samples };
}
