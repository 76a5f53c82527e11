import { and, asc, eq, gt, isNotNull, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { booking, sampleEntry } from '../../db/schema.ts';
import { sampleListConditions } from '../samples/sample-lists.ts';

// The samples of a report, read a batch at a time in received order (keyset paging). Each batch
// comes back from the database as one row of column arrays, not as rows: on PGlite a result row
// costs far more to hand over (the wire format parsed on its thread, then copied to ours) than the
// database spends reading it (see readBatch).

export type ReportKind = 'source' | 'status';

export type ReportFilters = {
  /** The laboratory's time zone (LAB_TIME_ZONE): the days filtered on and the times written. */
  timeZone: string;
  receivedByUser?: string;
  receivedFromDate?: string;
  receivedToDate?: string;
  sources?: string[];
  status?: string[];
};

/** Rows per batch: a month of a busy laboratory in one or two reads, a long period never whole in memory. */
const BATCH = 5_000;

/** A row of the report: what `reportRowFields` reads, typed by the query. */
export type ReportRow = Awaited<ReturnType<typeof rowBatch>>[number];

export function whereOf(filters: ReportFilters): SQL | undefined {
  const conditions = sampleListConditions(filters);
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * Where the previous batch ended. Rows come in order of received date (then id), and the samples
 * not yet received (no date) after them by id: each batch continues through the index on
 * (received_date, id) instead of rereading what came before.
 */
export type RowCursor = { phase: 'received'; date: Date; id: number } | { phase: 'notReceived'; id: number } | null;

/**
 * What a report reads of each sample, one entry per value, in the samples table's order: the one
 * place a new column's value is named (report-tables.ts says how it prints, under which heading).
 * `id` and `receivedDate` also carry the cursor.
 */
const reportRowFields = {
  id: sampleEntry.id,
  idflNumber: sampleEntry.idflNumber,
  sampleCode: sampleEntry.sampleCode,
  sampleType: sampleEntry.sampleType,
  source: sampleEntry.source,
  status: sampleEntry.status,
  countryCode: sampleEntry.countryCode,
  receivedDate: sampleEntry.receivedDate,
  receivedBy: sampleEntry.receivedBy,
  bookingNumber: sql<string | null>`${booking.bookingNumber}`.as('booking_number'),
  rushService: sql<boolean>`coalesce(${booking.rushService}, false)`.as('rush_service'),
  initialWeight: sampleEntry.initialWeight,
  sentWeight: sampleEntry.sentWeight,
  remainingWeight: sampleEntry.remainingWeight,
};

/** One batch of rows after the cursor, as a query (its plan is checked in statistics-indexes.test.ts). */
export function rowBatch(db: Executor, filters: ReportFilters, cursor: RowCursor, limit: number) {
  const received = cursor?.phase !== 'notReceived';
  const after =
    cursor === null
      ? undefined
      : cursor.phase === 'received'
        ? sql`(${sampleEntry.receivedDate}, ${sampleEntry.id}) > (${cursor.date.toISOString()}::timestamptz, ${cursor.id})`
        : gt(sampleEntry.id, cursor.id);
  return db
    .select(reportRowFields)
    .from(sampleEntry)
    .leftJoin(booking, eq(booking.id, sampleEntry.bookingId))
    .where(
      and(whereOf(filters), received ? isNotNull(sampleEntry.receivedDate) : isNull(sampleEntry.receivedDate), after),
    )
    .orderBy(...(received ? [asc(sampleEntry.receivedDate), asc(sampleEntry.id)] : [asc(sampleEntry.id)]))
    .limit(limit);
}

/** A batch as columns: one array per field, the same length, in the batch's order (dates as ISO text). */
type Columns = { [K in keyof ReportRow]: K extends 'receivedDate' ? (string | null)[] : ReportRow[K][] };

/**
 * The batch as one row of arrays, a column each (array_agg over the ordered batch). Measured on
 * PGlite against a bare count: rows ~20×, one json_agg(json_build_array(…)) ~7× (building JSON
 * looks up each value's type every row), the arrays about half of that.
 */
async function readBatch(db: Executor, filters: ReportFilters, cursor: RowCursor, limit: number) {
  const b = rowBatch(db, filters, cursor, limit).as('batch');
  const fields = Object.keys(reportRowFields) as (keyof ReportRow)[];
  const arrays = Object.fromEntries(
    fields.map((field) => [
      field,
      // A date as text, in ISO form: PGlite's driver keeps a timestamp array as PostgreSQL wrote it.
      field === 'receivedDate'
        ? sql`array_agg(to_json(${b.receivedDate})#>>'{}')`
        : sql`array_agg(${b[field] as SQL.Aliased | AnyColumn})`,
    ]),
  );
  const [answer] = await db.select(arrays).from(b);
  const c = answer as unknown as Columns | undefined;
  if (!c?.id) return [];
  // Each row built once, its received date turned back into a Date on the way.
  const valueAt = (field: keyof ReportRow, i: number) => {
    const value = c[field][i] ?? null;
    return field === 'receivedDate' && value !== null ? new Date(value as string) : value;
  };
  return c.id.map((_, i) => Object.fromEntries(fields.map((field) => [field, valueAt(field, i)])) as ReportRow);
}

/** Up to `limit` rows after the cursor, crossing from the received samples to the others. */
export async function nextRows(db: Executor, filters: ReportFilters, cursor: RowCursor, limit: number) {
  let rows: ReportRow[] = [];
  if (cursor?.phase !== 'notReceived') rows = await readBatch(db, filters, cursor, limit);
  // A received-date filter leaves out the samples not yet received.
  const mayHaveUndated = !filters.receivedFromDate && !filters.receivedToDate;
  if (rows.length < limit && mayHaveUndated) {
    const undatedCursor: RowCursor = cursor?.phase === 'notReceived' ? cursor : { phase: 'notReceived', id: 0 };
    rows = rows.concat(await readBatch(db, filters, undatedCursor, limit - rows.length));
  }
  const last = rows[rows.length - 1];
  const next: RowCursor = !last
    ? null
    : last.receivedDate
      ? { phase: 'received', date: last.receivedDate, id: last.id }
      : { phase: 'notReceived', id: last.id };
  return { rows, next };
}

/** Every row of the report, a batch at a time (keyset paging, see RowCursor). */
export async function* reportRows(db: Executor, filters: ReportFilters, limit = BATCH): AsyncGenerator<ReportRow[]> {
  let cursor: RowCursor = null;
  for (;;) {
    const { rows, next } = await nextRows(db, filters, cursor, limit);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < limit) return;
    cursor = next;
  }
}
