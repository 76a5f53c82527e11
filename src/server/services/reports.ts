import { PassThrough, Readable } from 'node:stream';
import { and, asc, count, eq, gt, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { sampleStatuses } from '../../shared/sample-workflow.ts';
import type { Executor } from '../db/client.ts';
import { booking, sampleEntry } from '../db/schema.ts';
import { formatDisplayDate } from '../../shared/display-date.ts';
import type { Language } from '../../app/lib/language.ts';
import { sampleListConditions } from './sample-lists.ts';
import { reportWords, type ReportWords } from './report-words.ts';
import { csvLines as safeCsvLines, spreadsheetCell } from './spreadsheet-cells.ts';

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

/** The samples' columns, in sheet order: the key of their heading (reports.json) and width in characters. */
const columns = [
  { key: 'idflNumber', header: 'columns.idflNumber', width: 16 },
  { key: 'sampleCode', header: 'columns.sampleCode', width: 16 },
  { key: 'sampleType', header: 'columns.sampleType', width: 18 },
  { key: 'source', header: 'columns.source', width: 16 },
  { key: 'status', header: 'columns.status', width: 20 },
  { key: 'countryCode', header: 'columns.country', width: 9 },
  { key: 'receivedDate', header: 'columns.receivedDate', width: 18 },
  { key: 'receivedBy', header: 'columns.receivedBy', width: 20 },
  { key: 'bookingNumber', header: 'columns.bookingNumber', width: 16 },
  { key: 'initialWeight', header: 'columns.initialWeight', width: 17 },
  { key: 'sentWeight', header: 'columns.sentWeight', width: 15 },
  { key: 'remainingWeight', header: 'columns.remainingWeight', width: 20 },
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

/** Samples of one status within a source's line (by-source report). */
export type StatusCount = { status: string; samples: number };

/**
 * One line of a report's summary: a source (with its samples per status) or a status (with the
 * median days its samples have been in it).
 */
export type ReportGroup = {
  key: string | null;
  samples: number;
  initialWeight: number;
  sentWeight: number;
  byStatus?: StatusCount[];
  medianDays?: number | null;
};

function whereOf(filters: ReportFilters): SQL | undefined {
  const conditions = sampleListConditions(filters);
  return conditions.length ? and(...conditions) : undefined;
}

const workflowOrder = (status: string | null) => sampleStatuses.indexOf(status as (typeof sampleStatuses)[number]);

/**
 * The summary's lines, grouped by the database: per source and status (by source), or per status
 * with its median days (by status). `asOf` is the report's moment, from which the days are counted.
 */
export async function reportGroups(
  db: Executor,
  kind: ReportKind,
  filters: ReportFilters,
  asOf = new Date(),
): Promise<ReportGroup[]> {
  const rows = await reportGroupsQuery(db, kind, filters, asOf);
  if (kind === 'status') {
    return rows
      .map((r) => ({
        key: r.status,
        samples: r.samples,
        initialWeight: Number(r.initialWeight),
        sentWeight: Number(r.sentWeight),
        medianDays: r.medianDays == null ? null : Math.round(Number(r.medianDays) * 10) / 10,
      }))
      .sort((a, b) => workflowOrder(a.key) - workflowOrder(b.key));
  }
  const bySource = new Map<string | null, ReportGroup & { byStatus: StatusCount[] }>();
  for (const r of rows) {
    const group = bySource.get(r.source) ?? {
      key: r.source,
      samples: 0,
      initialWeight: 0,
      sentWeight: 0,
      byStatus: [],
    };
    group.samples += r.samples;
    group.initialWeight += Number(r.initialWeight);
    group.sentWeight += Number(r.sentWeight);
    group.byStatus.push({ status: r.status, samples: r.samples });
    bySource.set(r.source, group);
  }
  const groups = [...bySource.values()];
  for (const group of groups) group.byStatus.sort((a, b) => workflowOrder(a.status) - workflowOrder(b.status));
  return groups.sort((a, b) => b.samples - a.samples || String(a.key ?? '').localeCompare(String(b.key ?? '')));
}

/**
 * With a received-date range, sample_entry_received narrows the rows before they are grouped.
 * Days in a status are counted from sample_entry.status_changed_at: the moment the sample last
 * entered the status it is in, which the database keeps on every status change (and took from the
 * chain of custody's latest transition into that status for older samples, after-migrate.sql).
 * Only the samples now in a status count for it: a sample that has left a status is counted under
 * the status it is in now, as in the counts beside it.
 */
export function reportGroupsQuery(db: Executor, kind: ReportKind, filters: ReportFilters, asOf = new Date()) {
  const bySource = kind === 'source';
  return db
    .select({
      source: bySource ? sampleEntry.source : sql<string | null>`null::text`,
      status: sampleEntry.status,
      samples: count(),
      initialWeight: sql<number>`coalesce(sum(${sampleEntry.initialWeight}), 0)::float8`,
      sentWeight: sql<number>`coalesce(sum(${sampleEntry.sentWeight}), 0)::float8`,
      medianDays: bySource
        ? sql<number | null>`null::float8`
        : sql<
            number | null
          >`(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM ${asOf.toISOString()}::timestamptz - ${sampleEntry.statusChangedAt}) / 86400))::float8`,
    })
    .from(sampleEntry)
    .where(whereOf(filters))
    .groupBy(...(bySource ? [sampleEntry.source, sampleEntry.status] : [sampleEntry.status]));
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

/** The summary's heading row, its lines and its total line, as cells (the XLSX and the CSV alike). */
type SummaryTable = {
  header: string[];
  lines: (string | number | null)[][];
  total: (string | number | null)[];
  /** The column (0-based) holding each line's count, drawn as bars in the XLSX. */
  countColumn: number;
};

function summaryTable(kind: ReportKind, groups: ReportGroup[], words: ReportWords): SummaryTable {
  const total = totalOf(groups);
  const weights = [words('reports:columns.initialWeight'), words('reports:columns.sentWeight')];
  const status = (code: string) => words(`samples:status.${code}`);
  if (kind === 'status') {
    return {
      header: [
        words('reports:columns.status'),
        words('reports:columns.samples'),
        words('reports:columns.medianDays'),
        ...weights,
      ],
      lines: groups.map((g) => [
        g.key == null ? words('reports:none') : status(g.key),
        g.samples,
        g.medianDays ?? null,
        g.initialWeight,
        g.sentWeight,
      ]),
      total: [words('reports:total'), total.samples, null, total.initialWeight, total.sentWeight],
      countColumn: 1,
    };
  }
  // Only the statuses some sample of the report is in, in workflow order: a column per status.
  const present = new Set(groups.flatMap((g) => (g.byStatus ?? []).map((s) => s.status)));
  const statuses = [...present].sort((a, b) => workflowOrder(a) - workflowOrder(b));
  const countIn = (g: ReportGroup, code: string) => g.byStatus?.find((s) => s.status === code)?.samples ?? 0;
  return {
    header: [words('reports:columns.source'), ...statuses.map(status), words('reports:total'), ...weights],
    lines: groups.map((g) => [
      g.key ?? words('reports:none'),
      ...statuses.map((code) => countIn(g, code)),
      g.samples,
      g.initialWeight,
      g.sentWeight,
    ]),
    total: [
      words('reports:total'),
      ...statuses.map((code) => groups.reduce((sum, g) => sum + countIn(g, code), 0)),
      total.samples,
      total.initialWeight,
      total.sentWeight,
    ],
    countColumn: statuses.length + 1,
  };
}

/** The period and the filters, as [label, value] lines written above the summary. */
function prefaceOf(kind: ReportKind, filters: ReportFilters, words: ReportWords, language: Language) {
  const from = filters.receivedFromDate ? formatDisplayDate(filters.receivedFromDate, language) : '';
  const to = filters.receivedToDate ? formatDisplayDate(filters.receivedToDate, language) : '';
  const period =
    from && to
      ? words('reports:file.periodBetween', { from, to })
      : from
        ? words('reports:file.periodFrom', { from })
        : to
          ? words('reports:file.periodTo', { to })
          : words('reports:file.periodAll');
  const chosen =
    kind === 'source'
      ? [words('reports:filters.sources'), filters.sources?.join(', ') || words('reports:file.allSources')]
      : [
          words('reports:filters.status'),
          filters.status?.map((s) => words(`samples:status.${s}`)).join(', ') || words('reports:filters.allStatuses'),
        ];
  return [
    [words('reports:file.period'), period],
    [words('reports:filters.receivedByUser'), filters.receivedByUser || words('reports:file.anyone')],
    chosen,
  ] as [string, string][];
}

/** A sample's cells in the samples table, its status in words. */
const sampleCells = (row: ReportRow, words: ReportWords) =>
  columns.map((c) => (c.key === 'status' ? words(`samples:status.${row.status}`) : row[c.key]));

/** The samples table's heading row. */
const sampleHeader = (words: ReportWords) => columns.map((c) => words(`reports:${c.header}`));

function styleHeader(row: ExcelJS.Row) {
  row.font = { bold: true };
  row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF7' } };
  row.alignment = { vertical: 'middle', wrapText: true };
}

/** The summary's heading row: below the title, the period, the filters, the moment and a note. */
export const SUMMARY_HEADER_ROW = 8;
const GRAMS = '#,##0.###';

/**
 * The report as an XLSX workbook in the requester's language: a summary sheet (title, period and
 * filters, then one line per source × status or per status with its median days, a total line,
 * the counts drawn as bars) and the samples sheet; bold frozen heading rows, column widths, real
 * date cells, statuses in words. exceljs draws no charts, so the bars are the count column's data
 * bars (conditional formatting), which every spreadsheet shows. Written by exceljs's streaming
 * writer, so rows leave as soon as they are read.
 */
export function reportXlsx(
  db: Executor,
  kind: ReportKind,
  filters: ReportFilters,
  language: Language,
): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const words = reportWords(language);
  const asOf = new Date();
  workbook.creator = 'Isotope Lab';
  workbook.created = asOf;

  const write = async () => {
    const groups = await reportGroups(db, kind, filters, asOf);
    const table = summaryTable(kind, groups, words);

    const summary = workbook.addWorksheet(words('reports:file.summarySheet'), {
      views: [{ state: 'frozen', ySplit: SUMMARY_HEADER_ROW }],
    });
    summary.columns = table.header.map((_, index) => ({
      width: index === 0 ? 26 : 14,
      style: index > table.countColumn ? { numFmt: GRAMS } : {},
    }));
    const title = summary.addRow([words(`reports:file.title.${kind}`)]);
    title.font = { bold: true, size: 14 };
    title.commit();
    for (const [label, value] of prefaceOf(kind, filters, words, language)) {
      const line = summary.addRow([label, value].map(spreadsheetCell));
      line.getCell(1).font = { bold: true };
      line.commit();
    }
    const made = summary.addRow([words('reports:file.madeOn'), asOf]);
    made.getCell(1).font = { bold: true };
    made.getCell(2).numFmt = 'd mmmm yyyy hh:mm';
    made.getCell(2).alignment = { horizontal: 'left' };
    made.commit();
    summary.addRow([words(kind === 'status' ? 'reports:file.medianNote' : 'reports:file.chartNote')]).commit();
    summary.addRow([]).commit();
    const header = summary.addRow(table.header);
    styleHeader(header);
    header.commit();
    for (const line of table.lines) {
      const row = summary.addRow(line.map(spreadsheetCell));
      if (kind === 'status') row.getCell(3).numFmt = '0.0';
      row.commit();
    }
    const totalRow = summary.addRow(table.total);
    totalRow.font = { bold: true };
    totalRow.commit();
    if (table.lines.length > 0) {
      const column = summary.getColumn(table.countColumn + 1).letter;
      summary.addConditionalFormatting({
        ref: `${column}${SUMMARY_HEADER_ROW + 1}:${column}${SUMMARY_HEADER_ROW + table.lines.length}`,
        rules: [
          {
            type: 'dataBar',
            priority: 1,
            gradient: false,
            cfvo: [{ type: 'num', value: 0 }, { type: 'max' }],
            color: { argb: 'FF5B8DD6' },
          } as unknown as ExcelJS.ConditionalFormattingRule,
        ],
      });
    }
    summary.commit();

    const samples = workbook.addWorksheet(words('reports:file.samplesSheet'), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    samples.columns = columns.map((c) => ({
      header: words(`reports:${c.header}`),
      key: c.key,
      width: c.width,
      style:
        c.key === 'receivedDate' ? { numFmt: 'd mmmm yyyy hh:mm' } : c.key.endsWith('Weight') ? { numFmt: GRAMS } : {},
    }));
    styleHeader(samples.getRow(1));
    samples.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
    for await (const batch of reportRows(db, filters)) {
      for (const row of batch) samples.addRow(sampleCells(row, words).map(spreadsheetCell)).commit();
    }
    const total = totalOf(groups);
    const samplesTotal = samples.addRow({
      idflNumber: words('reports:total'),
      sampleCode: words('reports:file.totalSamples', { count: total.samples }),
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

/** CSV lines, each ended, through the one rule for exported cells. */
const csvLines = (rows: unknown[][]) => `${safeCsvLines(rows)}\r\n`;

const csvCell = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? ''));

/**
 * The report as CSV in the requester's language, UTF-8 with a byte-order mark so spreadsheets read
 * it: the title, period and filters, the summary table (as in the XLSX), an empty line, then the
 * samples, a batch at a time as they are read.
 */
export function reportCsv(
  db: Executor,
  kind: ReportKind,
  filters: ReportFilters,
  language: Language,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const words = reportWords(language);
  const rows = reportRows(db, filters);
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        const asOf = new Date();
        const table = summaryTable(kind, await reportGroups(db, kind, filters, asOf), words);
        const preface = [
          [words(`reports:file.title.${kind}`)],
          ...prefaceOf(kind, filters, words, language),
          [words('reports:file.madeOn'), asOf.toISOString()],
          ...(kind === 'status' ? [[words('reports:file.medianNote')]] : []),
        ];
        controller.enqueue(
          encoder.encode(
            `\uFEFF${csvLines(preface)}\r\n${csvLines([table.header, ...table.lines.map((l) => l.map(csvCell)), table.total.map(csvCell)])}\r\n${csvLines([sampleHeader(words)])}`,
          ),
        );
        return;
      }
      const next = await rows.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(csvLines(next.value.map((row) => sampleCells(row, words).map(csvCell)))));
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
}
