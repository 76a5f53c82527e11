import { PassThrough, Readable } from 'node:stream';
import { and, asc, count, eq, gt, sql, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { sampleStatuses } from '../../shared/sample-workflow.ts';
import type { Executor } from '../db/client.ts';
import { booking, sampleEntry } from '../db/schema.ts';
import { sampleListConditions } from './sample-entries.ts';

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

/** One batch of rows after a sample id: the primary key pages, the filters narrow. */
export function rowBatch(db: Executor, filters: ReportFilters, afterId: number, limit: number) {
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
    .where(and(whereOf(filters), gt(sampleEntry.id, afterId)))
    .orderBy(asc(sampleEntry.id))
    .limit(limit);
}

/** Every row of the report, a batch at a time, in the order the samples were entered (keyset paging by id). */
async function* reportRows(db: Executor, filters: ReportFilters): AsyncGenerator<ReportRow[]> {
  let afterId = 0;
  for (;;) {
    const batch = await rowBatch(db, filters, afterId, BATCH);
    if (batch.length === 0) return;
    yield batch;
    if (batch.length < BATCH) return;
    afterId = batch[batch.length - 1]!.id;
  }
}

/** The figures and the first rows, for the report screens' preview table and chart. */
export async function reportPreview(db: Executor, kind: ReportKind, filters: ReportFilters) {
  const [groups, rows] = await Promise.all([reportGroups(db, kind, filters), rowBatch(db, filters, 0, PREVIEW_ROWS)]);
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
    for (const group of groups) summary.addRow({ ...group, key: group.key ?? '(none)' }).commit();
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
      for (const row of batch) samples.addRow(row).commit();
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

/** The samples of the report as CSV (papaparse), with a byte-order mark so spreadsheets read UTF-8. */
export function reportCsv(db: Executor, filters: ReportFilters): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const rows = reportRows(db, filters);
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(
          encoder.encode(`\uFEFF${Papa.unparse([columns.map((c) => c.header)], { escapeFormulae: true })}\r\n`),
        );
        return;
      }
      const next = await rows.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(
        encoder.encode(`${Papa.unparse(next.value.map(csvValue), { newline: '\r\n', escapeFormulae: true })}\r\n`),
      );
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
}
