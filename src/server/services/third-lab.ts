import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import { missingIsotopes, type UpdateResult } from '../../shared/schemas/third-lab.ts';
import type { Executor, Tx } from '../db/client.ts';
import { afterCursor, cursorKeys, listOrder, orderByKeys } from '../db/keyset.ts';
import { containing, matchedFirst } from '../db/queries.ts';
import { matchingRows, readListPage } from '../db/list-page.ts';
import { booking, dispatchBatch, sampleEntry, thirdLabEntry } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { assertVersion } from './stale-writes.ts';
import { appendAudit, rowChanges, type FieldChanges, type Actor } from './audit.ts';
import { announceChange } from './notifications.ts';
import { markBatchReceivedWhenComplete, reopenDispatchBatch } from './dispatch-batches.ts';
import { canChangeDispatchBatch, dispatchBatchTransitions } from '../../shared/record-workflows.ts';
import { workflowActions } from '../../shared/sample-workflow.ts';
import { benchStatuses } from '../../shared/benches.ts';
import { assertFilesAttachable, fileUrl, type FileAttacher } from './files.ts';
import { bookingRush, idflFilter } from './sample-lists.ts';
import {
  judgeEdit,
  judgeTransition,
  lockSample,
  recordSampleChange,
  SAMPLE_ENTITY,
  type SampleEntry,
} from './sample-transitions.ts';
import { onDayCondition, userCondition } from '../db/filters.ts';

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
 * nothing is rolled back in its savepoint and leaves no version bump and no audit record.
 */
async function editThirdLabEntry(
  db: Tx,
  entry: ThirdLabEntry,
  changes: Partial<typeof thirdLabEntry.$inferInsert>,
): Promise<{ entry: ThirdLabEntry; changes: FieldChanges } | null> {
  try {
    return await db.transaction(async (savepoint) => {
      const updated = await updateThirdLabEntry(savepoint, entry, changes);
      const changed = rowChanges(entry, updated, ['id', 'version', 'createdAt', 'updatedAt']);
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
    const sample = await lockSample(tx, id);
    const toStatus = judgeTransition('thirdLabCheckIn', sample);
    const entry = await lockThirdLabEntry(tx, sample);
    const now = new Date();
    const thirdLab = await updateThirdLabEntry(tx, entry, {
      receivedDate: now,
      checkedInDate: now,
      checkedInBy: by.id,
    });
    const updated = await recordSampleChange(tx, { sample, action: 'thirdLabCheckIn', by, toStatus, changes: {} });
    if (sample.dispatchBatchId) await markBatchReceivedWhenComplete(tx, sample.dispatchBatchId, by);
    return { ...updated, thirdLabEntry: { ...thirdLab, reportFileUrl: fileUrl(thirdLab.reportFileId) } };
  });
}

/** Records the third lab's C/H/O values with their uncertainties (and optional PDF report) without returning them yet. */
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
    const changes = {
      carbon: input.carbon!,
      hydrogen: input.hydrogen!,
      oxygen: input.oxygen!,
      carbonUncertainty: input.carbonUncertainty ?? null,
      hydrogenUncertainty: input.hydrogenUncertainty ?? null,
      oxygenUncertainty: input.oxygenUncertainty ?? null,
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

export async function returnThirdLabResult(db: Executor, { id, by }: { id: number; by: Actor }) {
  return db.transaction(async (tx) => {
    const sample = await lockSample(tx, id);
    const toStatus = judgeTransition('returnResult', sample);
    const entry = await lockThirdLabEntry(tx, sample);
    if (entry.carbon == null || entry.hydrogen == null || entry.oxygen == null)
      throw conflict('isotopesRequired', {}, sample);
    const now = new Date();
    const thirdLab = await updateThirdLabEntry(tx, entry, { resultReturnedDate: now });
    const updated = await recordSampleChange(tx, {
      sample,
      action: 'returnResult',
      by,
      toStatus,
      changes: { analysisDate: now },
    });
    await announceChange(tx, workflowActions.returnResult, {
      params: { idflNumber: sample.idflNumber },
      title: 'Result returned',
      message: `The third lab returned the result of sample ${sample.idflNumber}.`,
      link: `/supervisor-samples/${sample.id}`,
    });
    return { ...updated, thirdLabEntry: { ...thirdLab, reportFileUrl: fileUrl(thirdLab.reportFileId) } };
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
      const sample = await lockSample(tx, member.id);
      const toStatus = judgeTransition('undoThirdLabTransaction', sample);
      const withdrawn = await tx.delete(thirdLabEntry).where(eq(thirdLabEntry.sampleEntryId, sample.id)).returning();
      await recordSampleChange(tx, {
        sample,
        action: 'undoThirdLabTransaction',
        by,
        toStatus,
        reason,
        changes: { shipmentNumber: null, sentDate: null, sentBy: null },
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
    const reopened = await reopenDispatchBatch(tx, batch, by, reason);
    await announceChange(tx, dispatchBatchTransitions.undoSend, {
      params: { packageCode, count: undone.length },
      title: 'Package returned to draft',
      message: `Package ${packageCode} was undone by the third lab; its ${undone.length} sample(s) are back at the tester lab.`,
      link: '/packages',
    });
    return { dispatchBatch: reopened, sampleEntryIds: undone };
  });
}

export const thirdLabOrderColumns: Record<string, PgColumn> = {
  idflNumber: sampleEntry.idflNumber,
  IDFLNumber: sampleEntry.idflNumber,
  status: sampleEntry.status,
  sentDate: thirdLabEntry.sentDate,
  sentToThirdLabDate: thirdLabEntry.sentDate,
  receivedDate: thirdLabEntry.receivedDate,
  thirdLabReceivedDate: thirdLabEntry.receivedDate,
  resultReturnedDate: thirdLabEntry.resultReturnedDate,
  updatedAt: sampleEntry.updatedAt,
};

/** The third lab's worklist: samples sent to it, each with its third-lab entry. */
/** The third lab's list filters (http/third-lab-query.ts validates them); the status list already split. */
export type ThirdLabFilters = {
  limit: number;
  offset: number;
  search?: string;
  orderBy?: string;
  cursor?: string;
  IDFLNumber?: string;
  sentToThirdLabDate?: string;
  sentToThirdLabBy?: string;
  thirdLabReceivedDate?: string;
  thirdLabReceivedBy?: string;
  resultReturnedDate?: string;
  testTeamConfirmedDate?: string;
  testTeamConfirmedBy?: string;
  status?: string[];
  BNCode?: string;
  updatedSince?: string;
};

export async function listThirdLabSamples(db: Executor, filters: ThirdLabFilters) {
  const status = filters.status?.length
    ? filters.status.filter((s) => (benchStatuses.thirdLab as readonly string[]).includes(s))
    : [...benchStatuses.thirdLab];
  if (status.length === 0)
    return { items: [], total: 0, limit: filters.limit, offset: filters.offset, nextCursor: null };
  const queries = thirdLabListQueries(db, { ...filters, status });
  const { rows, ...counted } = await readListPage(db, queries);
  return {
    items: rows.map(({ sample, thirdLab, rushService }) => ({
      ...sample,
      rushService,
      thirdLabEntry: { ...thirdLab, reportFileUrl: fileUrl(thirdLab.reportFileId) },
    })),
    ...counted,
    limit: filters.limit,
    offset: filters.offset,
  };
}

/** The worklist's page and the rows its total counts, `status` already within the third lab's (exported for tests/server/list-plans). */
export function thirdLabListQueries(db: Executor, filters: ThirdLabFilters & { status: string[] }) {
  // The "contains" filters, all on the sample: with one, the matching samples are found first (an
  // IDFL number through the part that sets it apart, idflFilter), then checked whole with the rest.
  const idfl = filters.IDFLNumber ? idflFilter(filters.IDFLNumber) : undefined;
  const contains = [
    filters.BNCode ? ilike(sampleEntry.bnCode, containing(filters.BNCode)) : undefined,
    filters.search
      ? or(
          ilike(sampleEntry.idflNumber, containing(filters.search)),
          ilike(sampleEntry.bnCode, containing(filters.search)),
          ilike(sampleEntry.packageCode, containing(filters.search)),
          ilike(sampleEntry.sampleType, containing(filters.search)),
        )
      : undefined,
  ];
  const textConditions = [idfl?.whole, ...contains].filter((c) => c !== undefined);
  const indexedConditions = [idfl?.indexed, ...contains].filter((c) => c !== undefined);
  // A third-lab entry exists exactly while its sample is at the third lab or past it: made when its
  // package is sent, withdrawn when that is undone (the one way back, undoThirdLabTransaction). The
  // whole bench's statuses then need no look at the sample, and a far page skips entries alone.
  const wholeBench = benchStatuses.thirdLab.every((s) => filters.status.includes(s));
  const conditions: (SQL | undefined)[] = [
    wholeBench ? undefined : inArray(sampleEntry.status, filters.status),
    ...textConditions,
    onDayCondition(thirdLabEntry.sentDate, filters.sentToThirdLabDate),
    userCondition(thirdLabEntry.idflSentBy, filters.sentToThirdLabBy),
    onDayCondition(thirdLabEntry.receivedDate, filters.thirdLabReceivedDate),
    userCondition(thirdLabEntry.checkedInBy, filters.thirdLabReceivedBy),
    onDayCondition(thirdLabEntry.resultReturnedDate, filters.resultReturnedDate),
    onDayCondition(thirdLabEntry.testTeamConfirmedDate, filters.testTeamConfirmedDate),
    userCondition(thirdLabEntry.testTeamConfirmedBy, filters.testTeamConfirmedBy),
    filters.updatedSince ? sql`${sampleEntry.updatedAt} > ${new Date(filters.updatedSince)}` : undefined,
  ];
  const where = and(...conditions);
  // Ties broken by the sample id as the third-lab entry holds it: the order is then third_lab_entry_sent's
  // own. The entry's own id comes last, so a keyset walk (db/keyset.ts) has one row per cursor.
  const order = listOrder(filters.orderBy, thirdLabOrderColumns, [
    { column: thirdLabEntry.sentDate, direction: 'desc' },
    { column: thirdLabEntry.sampleEntryId, direction: 'desc' },
    { column: thirdLabEntry.id, direction: 'desc' },
  ]);
  const orderBy = orderByKeys(order);
  // The matches hold what the filters and the order read of a sample.
  const sampleColumns: PgColumn[] = [
    ...[sampleEntry.id, sampleEntry.status, sampleEntry.updatedAt, sampleEntry.idflNumber],
    ...[sampleEntry.bnCode, sampleEntry.packageCode, sampleEntry.sampleType],
    ...order.keys.map((k) => k.column).filter((column) => column.table === sampleEntry),
  ];
  const matched = textConditions.length
    ? matchedFirst(db, sampleEntry, and(...indexedConditions), sampleColumns)
    : undefined;
  const joined = (listTotal: SQL<number | null>) =>
    (matched ? db.with(matched.cte) : db)
      .select({
        sample: sampleEntry,
        thirdLab: thirdLabEntry,
        rushService: bookingRush,
        cursorKeys: cursorKeys(order),
        listTotal,
      })
      .from(sampleEntry)
      .innerJoin(thirdLabEntry, eq(thirdLabEntry.sampleEntryId, sampleEntry.id))
      // The page's rows alone meet their booking (by its primary key), for the rush mark.
      .leftJoin(booking, eq(booking.id, sampleEntry.bookingId));
  const sampleNeeded =
    !wholeBench ||
    textConditions.length > 0 ||
    Boolean(filters.updatedSince) ||
    order.keys.some(({ column }) => column.table === sampleEntry);
  /** The entries the filters keep, joined to their samples only when a filter or the order reads one. */
  const entries = <T extends SelectedFields>(columns: T) =>
    sampleNeeded
      ? db
          .select(columns)
          .from(matched ? matched.rows : sampleEntry)
          .innerJoin(thirdLabEntry, eq(thirdLabEntry.sampleEntryId, sampleEntry.id))
      : db.select(columns).from(thirdLabEntry);
  // The page's third-lab entries first, then their rows: a far page skips ids, not wide rows.
  const pageIds = entries({ id: thirdLabEntry.id })
    .where(and(where, afterCursor(order, filters.cursor)))
    .orderBy(...orderBy)
    .limit(filters.limit)
    .offset(filters.offset);
  return {
    order,
    page: (listTotal: SQL<number | null>) =>
      joined(listTotal)
        .where(inArray(thirdLabEntry.id, pageIds))
        .orderBy(...orderBy),
    matching: matchingRows(entries, where),
    matched: matched?.cte,
    paging: filters,
  };
}

/** Counts per status of the third lab's samples, and what it received and returned this month. */
export async function thirdLabStatisticSummary(db: Executor, now = new Date()) {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const [perStatus, [month]] = await Promise.all([
    db
      .select({ status: sampleEntry.status, count: count() })
      .from(sampleEntry)
      .where(inArray(sampleEntry.status, [...benchStatuses.thirdLab]))
      .groupBy(sampleEntry.status),
    db
      .select({
        receivedThisMonth: sql<number>`count(*) FILTER (WHERE ${and(gte(thirdLabEntry.receivedDate, monthStart), lt(thirdLabEntry.receivedDate, nextMonth))})::int`,
        returnedThisMonth: sql<number>`count(*) FILTER (WHERE ${and(gte(thirdLabEntry.resultReturnedDate, monthStart), lt(thirdLabEntry.resultReturnedDate, nextMonth))})::int`,
      })
      .from(thirdLabEntry),
  ]);
  const byStatus = Object.fromEntries(benchStatuses.thirdLab.map((s) => [s, 0])) as Record<string, number>;
  for (const row of perStatus) byStatus[row.status] = row.count;
  return {
    byStatus,
    total: Object.values(byStatus).reduce((a, b) => a + b, 0),
    receivedThisMonth: month?.receivedThisMonth ?? 0,
    returnedThisMonth: month?.returnedThisMonth ?? 0,
    month: monthStart.toISOString().slice(0, 7),
  };
}
