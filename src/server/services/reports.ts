import { PassThrough, Readable } from 'node:stream';
import { and, asc, count, eq, gt, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { sampleStatuses } from '../../shared/sample-workflow.ts';
import type { Executor } from '../db/client.ts';
import { booking, sampleEntry } from '../db/schema.ts';
import { sampleListConditions } from './sample-entries.ts';
import { csvLines, spreadsheetRow } from './spreadsheet-cells.ts';

// The two sample-entry reports (spec section 7): by source and by status, as XLSX or CSV files
// streamed a batch at a time (a long period never sits whole in memory), or as JSON for the preview.

export type ReportKind = 'source' | 'status';

export type ReportFilters = {
  receivedByUser?: string;
  receivedFromDate?: string;
  receivedToDate?: string;
  sources?: string[];
  status?: string[];
};

const BATCH = 1_000;
export const PREVIEW_ROWS = 100;

/** The report's columns, in sheet order; `width` in characters. */
const columns = [
  { key: 'idflNumber', header: 'IDFL number', width: 16 },
  { key: 'sampleCode', header: 'Sample code', width: 16 },
  { key: 'sampleType', header: 'Sample type', width: 18 },
  { key: 'source', header: 'Source', width: 16 },
  { key: 'status', header: 'Status', width: 18 },
  { key: 'countryCode', header: 'Country', width: 9 },
  { key: 'receivedDate', header: 'Received date', width: 18 },
  { key: 'receivedBy', header: 'Received by', width: 20 },
  { key: 'bookingNumber', header: 'Booking number', width: 16 },
  { key: 'initialWeight', header: 'Initial weight (g)', width: 17 },
  { key: 'sentWeight', header: 'Sent weight (g)', width: 15 },
  { key: 'remainingWeight', header: 'Remaining weight (g)', width: 20 },
] as const;

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

export type ReportGroup = { key: string | null; samples: number; initialWeight: number; sentWeight: number };

const groupColumn = (kind: ReportKind) => (kind === 'source' ? sampleEntry.source : sampleEntry.status);

function whereOf(filters: ReportFilters): SQL | undefined {
  const conditions = sampleListConditions(filters);
  return conditions.length ? and(...conditions) : undefined;
}

/** Samples and grams per source (or status), grouped by the database. */
export async function reportGroups(db: Executor, kind: ReportKind, filters: ReportFilters): Promise<ReportGroup[]> {
  const rows = await reportGroupsQuery(db, kind, filters);
  const groups = rows.map((r) => ({ ...r, initialWeight: Number(r.initialWeight), sentWeight: Number(r.sentWeight) }));
  if (kind === 'status') {
    const order = (status: string | null) => sampleStatuses.indexOf(status as (typeof sampleStatuses)[number]);
    return groups.sort((a, b) => order(a.key) - order(b.key));
  }
  return groups.sort((a, b) => b.samples - a.samples || String(a.key ?? '').localeCompare(String(b.key ?? '')));
}

/** With a received-date range, sample_entry_received narrows the rows before they are grouped. */
export function reportGroupsQuery(db: Executor, kind: ReportKind, filters: ReportFilters) {
  const key = groupColumn(kind);
  return db
    .select({
      key,
      samples: count(),
      initialWeight: sql<number>`coalesce(sum(${sampleEntry.initialWeight}), 0)::float8`,
      sentWeight: sql<number>`coalesce(sum(${sampleEntry.sentWeight}), 0)::float8`,
    })
    .from(sampleEntry)
    .where(whereOf(filters))
    .groupBy(key);
}

export function totalOf(groups: ReportGroup[]) {
  return groups.reduce(
    (total, g) => ({
      samples: total.samples + g.samples,
      initialWeight: total.initialWeight + g.initialWeight,
      sentWeight: total.sentWeight + g.sentWeight,
    }),
    { samples: 0, initialWeight: 0, sentWeight: 0 },
  );
}

/**
 * Where the previous batch ended. Rows come in order of received date (then id), and the samples
 * not yet received (no date) after them by id: each batch continues through the index on
 * (received_date, id) instead of rereading what came before.
 */
export type RowCursor = { phase: 'received'; date: Date; id: number } | { phase: 'notReceived'; id: number } | null;

/** One batch of rows after the cursor. */
export function rowBatch(db: Executor, filters: ReportFilters, cursor: RowCursor, limit: number) {
  const received = cursor?.phase !== 'notReceived';
  const after =
    cursor === null
      ? undefined
      : cursor.phase === 'received'
        ? sql`(${sampleEntry.receivedDate}, ${sampleEntry.id}) > (${cursor.date}, ${cursor.id})`
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
      bookingNumber: booking.bookingNumber,
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

/** Up to `limit` rows after the cursor, crossing from the received samples to the others. */
async function nextRows(db: Executor, filters: ReportFilters, cursor: RowCursor, limit: number) {
  let rows: ReportRow[] = [];
  if (cursor?.phase !== 'notReceived') rows = await rowBatch(db, filters, cursor, limit);
  // A received-date filter leaves out the samples not yet received.
  const mayHaveUndated = !filters.receivedFromDate && !filters.receivedToDate;
  if (rows.length < limit && mayHaveUndated) {
    const undatedCursor: RowCursor = cursor?.phase === 'notReceived' ? cursor : { phase: 'notReceived', id: 0 };
    rows = rows.concat(await rowBatch(db, filters, undatedCursor, limit - rows.length));
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
async function* reportRows(db: Executor, filters: ReportFilters): AsyncGenerator<ReportRow[]> {
  let cursor: RowCursor = null;
  for (;;) {
    const { rows, next } = await nextRows(db, filters, cursor, BATCH);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < BATCH) return;
    cursor = next;
  }
}

/** The figures and the first rows, for the report screens' preview table and chart. */
export async function reportPreview(db: Executor, kind: ReportKind, filters: ReportFilters) {
  const [groups, { rows }] = await Promise.all([
    reportGroups(db, kind, filters),
    nextRows(db, filters, null, PREVIEW_ROWS),
  ]);
  return {
    groups,
    total: totalOf(groups),
    rows: rows.map((r) => ({ ...r, receivedDate: r.receivedDate?.toISOString() ?? null })),
  };
}

const titles: Record<ReportKind, { sheet: string; group: string }> = {
  source: { sheet: 'By source', group: 'Source' },
  status: { sheet: 'By status', group: 'Status' },
};

function styleHeader(row: ExcelJS.Row) {
  row.font = { bold: true };
  row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF7' } };
  row.alignment = { vertical: 'middle' };
}

/**
 * The report as an XLSX workbook: a summary sheet (one line per source or status, with totals)
 * and the samples sheet, each with a bold, frozen header row, column widths, real dates and a
 * total line. Written by exceljs's streaming writer, so rows leave as soon as they are read.
 */
export function reportXlsx(db: Executor, kind: ReportKind, filters: ReportFilters): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Isotope Lab';
  workbook.created = new Date();

  const write = async () => {
    const groups = await reportGroups(db, kind, filters);
    const total = totalOf(groups);

    const summary = workbook.addWorksheet(titles[kind].sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
    summary.columns = [
      { header: titles[kind].group, key: 'key', width: 22 },
      { header: 'Samples', key: 'samples', width: 10 },
      { header: 'Initial weight (g)', key: 'initialWeight', width: 18, style: { numFmt: '#,##0.###' } },
      { header: 'Sent weight (g)', key: 'sentWeight', width: 16, style: { numFmt: '#,##0.###' } },
    ];
    styleHeader(summary.getRow(1));
    for (const group of groups) summary.addRow(spreadsheetRow({ ...group, key: group.key ?? '(none)' })).commit();
    const summaryTotal = summary.addRow({ key: 'Total', ...total });
    summaryTotal.font = { bold: true };
    summaryTotal.commit();
    summary.commit();

    const samples = workbook.addWorksheet('Samples', { views: [{ state: 'frozen', ySplit: 1 }] });
    samples.columns = columns.map((c) => ({
      header: c.header,
      key: c.key,
      width: c.width,
      style:
        c.key === 'receivedDate'
          ? { numFmt: 'yyyy-mm-dd hh:mm' }
          : c.key.endsWith('Weight')
            ? { numFmt: '#,##0.###' }
            : {},
    }));
    styleHeader(samples.getRow(1));
    samples.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
    for await (const batch of reportRows(db, filters)) {
      for (const row of batch) samples.addRow(spreadsheetRow(row)).commit();
    }
    const samplesTotal = samples.addRow({
      idflNumber: 'Total',
      sampleCode: `${total.samples} samples`,
      initialWeight: total.initialWeight,
      sentWeight: total.sentWeight,
    });
    samplesTotal.font = { bold: true };
    samplesTotal.commit();
    samples.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}

const csvValue = (row: ReportRow) =>
  columns.map((c) => {
    const value = row[c.key];
    return value instanceof Date ? value.toISOString() : (value ?? '');
  });

/** The samples of the report as CSV, with a byte-order mark so spreadsheets read UTF-8. */
export function reportCsv(db: Executor, filters: ReportFilters): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const rows = reportRows(db, filters);
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvLines([columns.map((c) => c.header)])}\r\n`));
        return;
      }
      const next = await rows.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(`${csvLines(next.value.map(csvValue))}\r\n`));
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
}
