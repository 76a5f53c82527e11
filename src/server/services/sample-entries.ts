import { and, asc, eq, getTableColumns, gt, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgColumn } from 'drizzle-orm/pg-core';
import {
  actionsFor,
  assertEditable,
  IllegalTransitionError,
  nextStatus,
  sampleSubject,
  type SampleEditName,
  type SampleStatus,
  type WorkflowActionName,
} from '../../shared/sample-workflow.ts';
import { SENT_WEIGHT_TOO_LARGE } from '../../shared/schemas/sample-entry.ts';
import type { Executor, Tx } from '../db/client.ts';
import { afterCursor, cursorKeys, listOrder, orderByKeys } from '../db/keyset.ts';
import { matchedFirst } from '../db/queries.ts';
import { matchingRows, readListPage } from '../db/list-page.ts';
import { booking, dispatchBatch, sampleEntry, thirdLabEntry } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { appendAudit, rowChanges } from './audit.ts';
import { sampleTimeline } from './custody.ts';
import { assertSampleVisible } from './sample-visibility.ts';

/** Who acts: the signed-in staff member (AuthUser satisfies it). */
export type Actor = { id: number; displayName: string };
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
export function judgeTransition(action: WorkflowActionName, sample: SampleEntry) {
  try {
    return nextStatus(action, sample.status, sampleSubject(sample.idflNumber));
  } catch (error) {
    if (error instanceof IllegalTransitionError) throw wrongState(error, sample);
    throw error;
  }
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

/** Remaining weight is the server's to compute: initial − sent, never negative. */
export function computeWeights(
  current: Pick<SampleEntry, 'initialWeight' | 'sentWeight'>,
  change: { initialWeight?: number | null; sentWeight?: number | null },
) {
  const initialWeight = change.initialWeight !== undefined ? change.initialWeight : current.initialWeight;
  const sentWeight = change.sentWeight !== undefined ? change.sentWeight : current.sentWeight;
  if (initialWeight != null && sentWeight != null && sentWeight > initialWeight) {
    throw badRequest('sentWeightTooLarge', {}, { sentWeight: SENT_WEIGHT_TOO_LARGE });
  }
  const remainingWeight = initialWeight == null ? null : roundGrams(initialWeight - (sentWeight ?? 0));
  return { initialWeight, sentWeight, remainingWeight };
}

// Floating-point subtraction must not show 0.30000000000000004 g on a label.
const roundGrams = (grams: number) => Math.round(grams * 1e6) / 1e6;

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

// ---------------------------------------------------------------------------------------------
// Certificates

/**
 * ResultConfirmed → Completed when a certificate is issued. For the certificate service: call it in
 * the transaction that stores the certificate, so the two stand or fall together.
 */
export async function completeSampleWithCertificate(
  db: Executor,
  { id, by, certificateId }: { id: number; by: Actor; certificateId?: number },
) {
  return db.transaction(async (tx) => {
    const sample = await lockSample(tx, id);
    const toStatus = judgeTransition('issueCertificate', sample);
    return recordSampleChange(tx, {
      sample,
      action: 'issueCertificate',
      by,
      toStatus,
      changes: {},
      reason: certificateId ? `Certificate ${certificateId} issued` : 'Certificate issued',
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Lists and details

export type SampleListFilters = {
  IDFLNumber?: string;
  receivedFromDate?: string;
  receivedToDate?: string;
  receivedByUser?: string;
  sources?: string[];
  status?: string[];
  sentToTesterByUser?: string;
  sentToTesterFromDate?: string;
  sentToTesterToDate?: string;
  sentToThirdLabFromDate?: string;
  sentToThirdLabToDate?: string;
  packageCode?: string;
  updatedSince?: string;
  search?: string;
  orderBy?: string;
  /** Keyset paging (db/keyset.ts): the page after the row of a previous page's nextCursor. */
  cursor?: string;
  limit: number;
  offset: number;
};

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** From a date: that day's start when only a day is given. */
export function fromDateCondition(column: AnyPgColumn, value: string | undefined): SQL | undefined {
  if (!value) return undefined;
  return gte(column, new Date(value));
}

/** Up to a date: the whole of that day when only a day is given. */
export function toDateCondition(column: AnyPgColumn, value: string | undefined): SQL | undefined {
  if (!value) return undefined;
  if (DATE_ONLY.test(value)) return lt(column, new Date(new Date(value).getTime() + DAY_MS));
  return lte(column, new Date(value));
}

/** On a day (a date-only filter such as sentToThirdLabDate). */
export function onDayCondition(column: AnyPgColumn, value: string | undefined): SQL | undefined {
  if (!value) return undefined;
  const start = new Date(DATE_ONLY.test(value) ? value : value.slice(0, 10));
  if (Number.isNaN(start.getTime())) return undefined;
  return and(gte(column, start), lt(column, new Date(start.getTime() + DAY_MS)));
}

/** A user filter takes an id, a username or a display name. */
export function userCondition(column: AnyPgColumn, value: string | undefined): SQL | undefined {
  if (!value) return undefined;
  // The subquery names its own table in full, so the outer column can never be captured by it.
  const byName = sql`${column} IN (SELECT staff.id FROM app_user AS staff WHERE lower(staff.username) = lower(${value}) OR lower(staff.display_name) = lower(${value}))`;
  const isId = /^\d{1,9}$/.test(value);
  return isId ? or(eq(column, Number(value)), byName) : byName;
}

export function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A list's IDFL number filter ("contains", case aside) as the trigram index serves it. Every IDFL
 * number begins with `IDFL-` (numbering.ts), so that word's trigrams are in every sample's posting
 * lists and select nothing, while reading them walks postings for the whole table: at 100,000
 * entries they were most of an exact number's lookup, and it grew with the table. So the index is
 * asked (`indexed`) for the rest of the text when three characters or more are left to make
 * trigrams of, and the rows it finds are then checked against the whole text (`whole`, needed
 * again only when `narrowed`): the list holds exactly what it did.
 */
export function idflFilter(text: string): { indexed: SQL; whole: SQL; narrowed: boolean } {
  const rest = text.replace(/^IDFL-/i, '');
  const narrowed = rest !== text && rest.length >= 3;
  const whole = idflContains(text);
  return { indexed: narrowed ? idflContains(rest) : whole, whole, narrowed };
}

export const sampleOrderColumns: Record<string, PgColumn> = {
  id: sampleEntry.id,
  idflNumber: sampleEntry.idflNumber,
  IDFLNumber: sampleEntry.idflNumber,
  sampleCode: sampleEntry.sampleCode,
  sampleType: sampleEntry.sampleType,
  source: sampleEntry.source,
  status: sampleEntry.status,
  receivedDate: sampleEntry.receivedDate,
  sentToTesterDate: sampleEntry.sentToTesterDate,
  testerReceivedDate: sampleEntry.testerReceivedDate,
  sentDate: sampleEntry.sentDate,
  packageCode: sampleEntry.packageCode,
  createdAt: sampleEntry.createdAt,
  updatedAt: sampleEntry.updatedAt,
};

/** The samples whose IDFL number contains `text`, case aside. */
function idflContains(text: string): SQL {
  return ilike(sampleEntry.idflNumber, `%${escapeLike(text)}%`);
}

/** 'receivedDate', 'receivedDate:desc', 'receivedDate desc' or '-receivedDate'; unknown fields fall back. */
export function sampleListConditions(filters: Omit<SampleListFilters, 'limit' | 'offset' | 'orderBy'>): SQL[] {
  const conditions: (SQL | undefined)[] = [
    filters.IDFLNumber ? idflFilter(filters.IDFLNumber).whole : undefined,
    fromDateCondition(sampleEntry.receivedDate, filters.receivedFromDate),
    toDateCondition(sampleEntry.receivedDate, filters.receivedToDate),
    filters.receivedByUser ? ilike(sampleEntry.receivedBy, escapeLike(filters.receivedByUser)) : undefined,
    filters.sources?.length ? inArray(sampleEntry.source, filters.sources) : undefined,
    filters.status?.length ? inArray(sampleEntry.status, filters.status) : undefined,
    userCondition(sampleEntry.sentToTesterBy, filters.sentToTesterByUser),
    fromDateCondition(sampleEntry.sentToTesterDate, filters.sentToTesterFromDate),
    toDateCondition(sampleEntry.sentToTesterDate, filters.sentToTesterToDate),
    fromDateCondition(sampleEntry.sentDate, filters.sentToThirdLabFromDate),
    toDateCondition(sampleEntry.sentDate, filters.sentToThirdLabToDate),
    filters.packageCode ? eq(sampleEntry.packageCode, filters.packageCode) : undefined,
    filters.updatedSince ? gt(sampleEntry.updatedAt, new Date(filters.updatedSince)) : undefined,
    filters.search
      ? or(
          ...[
            sampleEntry.idflNumber,
            sampleEntry.sampleCode,
            sampleEntry.sampleType,
            sampleEntry.source,
            sampleEntry.localCode,
            sampleEntry.bnCode,
            sampleEntry.packageCode,
          ].map((column) => ilike(column, `%${escapeLike(filters.search!)}%`)),
        )
      : undefined,
  ];
  return conditions.filter((c): c is SQL => c !== undefined);
}

/**
 * One list for every bench: `scope` holds the statuses a lab works with (the tester does not see
 * samples still at the client-side lab); an explicit status filter narrows it further.
 */
export async function listSampleEntries(db: Executor, filters: SampleListFilters, scope?: readonly SampleStatus[]) {
  const status = scope
    ? filters.status?.length
      ? filters.status.filter((s) => (scope as readonly string[]).includes(s))
      : [...scope]
    : filters.status;
  if (scope && status?.length === 0)
    return { items: [], total: 0, limit: filters.limit, offset: filters.offset, nextCursor: null };
  const queries = sampleListQueries(db, { ...filters, status });
  const { rows, ...counted } = await readListPage(db, queries);
  const items = rows.map(({ cursorKeys: _keys, listTotal: _total, ...sample }) => sample);
  return { items, ...counted, limit: filters.limit, offset: filters.offset };
}

/**
 * Whether the sample's booking asked for rush service, so a bench list can mark the sample: the page's
 * rows joined to their booking by its primary key (a sample with no booking is not rushed).
 */
const bookingRush = sql<boolean>`coalesce(${booking.rushService}, false)`;

/** A sample list's page and the rows its total counts (exported for the plan checks in tests/server/list-plans). */
export function sampleListQueries(db: Executor, filters: SampleListFilters) {
  const where = and(...sampleListConditions(filters));
  const order = listOrder(filters.orderBy, sampleOrderColumns, [
    { column: sampleEntry.updatedAt, direction: 'desc' },
    { column: sampleEntry.id, direction: 'desc' },
  ]);
  const orderBy = orderByKeys(order);
  const after = afterCursor(order, filters.cursor);
  // The page's ids first, then their rows: the skipped rows of a far page are walked in the index
  // (sample_entry_updated holds the order and the status), never read whole from the table. A
  // cursor starts the walk at its row instead of skipping to it.
  // With a "contains" filter the matching samples are found first through the trigram index, an
  // IDFL number by the part that sets it apart (idflFilter) and then checked whole.
  const idfl = filters.IDFLNumber ? idflFilter(filters.IDFLNumber) : undefined;
  const found = and(idfl?.indexed, ...sampleListConditions({ ...filters, IDFLNumber: undefined }));
  const matched =
    filters.IDFLNumber || filters.search
      ? matchedFirst(db, sampleEntry, found, [
          sampleEntry.id,
          sampleEntry.idflNumber,
          ...order.keys.map((k) => k.column),
        ])
      : undefined;
  // What the matches are checked against once found: the IDFL number whole.
  const rest = idfl?.narrowed ? idfl.whole : undefined;
  const pageIds = (
    matched
      ? db
          .select({ id: sql<number>`"sample_entry"."id"` })
          .from(matched.rows)
          .where(and(rest, after))
      : db.select({ id: sampleEntry.id }).from(sampleEntry).where(and(where, after))
  )
    .orderBy(...orderBy)
    .limit(filters.limit)
    .offset(filters.offset);
  return {
    order,
    page: (listTotal: SQL<number | null>) =>
      (matched ? db.with(matched.cte) : db)
        .select({ ...getTableColumns(sampleEntry), rushService: bookingRush, cursorKeys: cursorKeys(order), listTotal })
        .from(sampleEntry)
        .leftJoin(booking, eq(booking.id, sampleEntry.bookingId))
        .where(inArray(sampleEntry.id, pageIds))
        .orderBy(...orderBy),
    matching: matched
      ? matchingRows((columns) => db.select(columns).from(matched.rows), rest)
      : matchingRows((columns) => db.select(columns).from(sampleEntry), where),
    matched: matched?.cte,
    paging: filters,
  };
}

export function fileUrl(id: string | null) {
  return id ? `/api/files/${id}` : null;
}

/** The sample with its booking, package, third-lab entries (results, PDF link) and custody timeline. */
export async function findSampleDetail(db: Executor, id: number) {
  const sample = await findSample(db, id);
  const [thirdLab, timeline, order, batch] = await Promise.all([
    db.select().from(thirdLabEntry).where(eq(thirdLabEntry.sampleEntryId, id)).orderBy(asc(thirdLabEntry.id)),
    sampleTimeline(db, id),
    sample.bookingId
      ? db
          .select({
            id: booking.id,
            bookingNumber: booking.bookingNumber,
            rushService: booking.rushService,
            applicantCompany: booking.applicantCompany,
            applicantContactPerson: booking.applicantContactPerson,
            status: booking.status,
          })
          .from(booking)
          .where(eq(booking.id, sample.bookingId))
      : Promise.resolve([]),
    sample.dispatchBatchId
      ? db
          .select({
            id: dispatchBatch.id,
            packageCode: dispatchBatch.packageCode,
            packageName: dispatchBatch.packageName,
            shippmentNumber: dispatchBatch.shippmentNumber,
            status: dispatchBatch.status,
          })
          .from(dispatchBatch)
          .where(eq(dispatchBatch.id, sample.dispatchBatchId))
      : Promise.resolve([]),
  ]);
  return {
    ...sample,
    booking: order[0] ?? null,
    dispatchBatch: batch[0] ?? null,
    thirdLabEntries: thirdLab.map((entry) => ({ ...entry, reportFileUrl: fileUrl(entry.reportFileId) })),
    timeline,
  };
}

/** The detail as a bench sees it: with the actions its user may fire now (the state machine's answer). */
export async function readSampleDetail(db: Executor, id: number, permissions: readonly string[]) {
  const detail = await findSampleDetail(db, id);
  assertSampleVisible(permissions, detail);
  return { ...detail, availableActions: actionsFor(detail.status, permissions) };
}
