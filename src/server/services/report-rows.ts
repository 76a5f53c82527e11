import { and, asc, eq, gt, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { booking, sampleEntry } from '../db/schema.ts';
import { sampleListConditions } from './sample-entries.ts';

// The samples of a report, read a batch at a time in received order (keyset paging). Each batch
// comes back from the database as one JSON text (json_agg), not as rows: on PGlite a result row
// costs far more to hand over (the wire format parsed on its thread, then copied to ours) than the
// database spends building it, so 5,000 samples as rows took ~20× a bare indexed count and as one
// JSON value ~7×.

export type ReportKind = 'source' | 'status';

export type ReportFilters = {
  receivedByUser?: string;
  receivedFromDate?: string;
  receivedToDate?: string;
  sources?: string[];
  status?: string[];
};

/** Rows per batch: a month of a busy laboratory in one or two reads, a long period never whole in memory. */
export const BATCH = 5_000;

export type ReportRow = {
  id: number;
  idflNumber: string;
  sampleCode: string | null;
  sampleType: string | null;
  source: string | null;
  status: string;
  countryCode: string | null;
  receivedDate: Date | null;
  receivedBy: string | null;
  bookingNumber: string | null;
  initialWeight: number | null;
  sentWeight: number | null;
  remainingWeight: number | null;
};

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
    .select({
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
      initialWeight: sampleEntry.initialWeight,
      sentWeight: sampleEntry.sentWeight,
      remainingWeight: sampleEntry.remainingWeight,
    })
    .from(sampleEntry)
    .leftJoin(booking, eq(booking.id, sampleEntry.bookingId))
    .where(
      and(whereOf(filters), received ? isNotNull(sampleEntry.receivedDate) : isNull(sampleEntry.receivedDate), after),
    )
    .orderBy(...(received ? [asc(sampleEntry.receivedDate), asc(sampleEntry.id)] : [asc(sampleEntry.id)]))
    .limit(limit);
}

type JsonRow = [
  number,
  string,
  string | null,
  string | null,
  string | null,
  string,
  string | null,
  string | null,
  string | null,
  string | null,
  number | null,
  number | null,
  number | null,
];

/** The batch as one JSON array of arrays, in the batch's order. */
async function readBatch(db: Executor, filters: ReportFilters, cursor: RowCursor, limit: number) {
  const batch = rowBatch(db, filters, cursor, limit).as('batch');
  const order = cursor?.phase === 'notReceived' ? sql`${batch.id}` : sql`${batch.receivedDate}, ${batch.id}`;
  const [answer] = await db
    .select({
      rows: sql<string | null>`json_agg(json_build_array(${batch.id}, ${batch.idflNumber}, ${batch.sampleCode},
        ${batch.sampleType}, ${batch.source}, ${batch.status}, ${batch.countryCode}, ${batch.receivedDate},
        ${batch.receivedBy}, ${batch.bookingNumber}, ${batch.initialWeight}, ${batch.sentWeight},
        ${batch.remainingWeight}) ORDER BY ${order})::text`,
    })
    .from(batch);
  const rows = answer?.rows ? (JSON.parse(answer.rows) as JsonRow[]) : [];
  return rows.map(
    (r): ReportRow => ({
      id: r[0],
      idflNumber: r[1],
      sampleCode: r[2],
      sampleType: r[3],
      source: r[4],
      status: r[5],
      countryCode: r[6],
      receivedDate: r[7] === null ? null : new Date(r[7]),
      receivedBy: r[8],
      bookingNumber: r[9],
      initialWeight: r[10],
      sentWeight: r[11],
      remainingWeight: r[12],
    }),
  );
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
