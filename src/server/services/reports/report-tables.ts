import type { Language } from '../../../shared/language.ts';
import { describeTimeZone, formatDisplayDate } from '../../../shared/display-date.ts';
import { totalOf, workflowOrder, type ReportGroup } from './report-groups.ts';
import type { ReportFilters, ReportKind, ReportRow } from './report-rows.ts';
import type { ReportWords } from './report-words.ts';

// What a report file says, the same in the XLSX and the CSV: the period and filters, the summary
// table (which sets the two reports apart) and the samples table, in the requester's words.

export type Cell = string | number | Date | null;

/** The summary's heading row, its lines and its total line, as cells (the XLSX and the CSV alike). */
export type SummaryTable = {
  header: string[];
  lines: Cell[][];
  total: Cell[];
  /** The column (0-based) holding each line's count, drawn as bars in the XLSX. */
  countColumn: number;
};

export function summaryTable(kind: ReportKind, groups: ReportGroup[], words: ReportWords): SummaryTable {
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
export function prefaceOf(kind: ReportKind, filters: ReportFilters, words: ReportWords, language: Language) {
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
    // Every date and time in the file is the laboratory's; the zone says which.
    [words('reports:file.timeZone'), describeTimeZone(filters.timeZone)],
    [words('reports:filters.receivedByUser'), filters.receivedByUser || words('reports:file.anyone')],
    chosen,
  ] as [string, string][];
}

/**
 * The words of every status, looked up once per file: a sample's status is then a map lookup,
 * not a walk through the catalogue for each of thousands of rows.
 */
function statusWords(words: ReportWords) {
  const known = new Map<string, string>();
  return (code: string) => {
    let word = known.get(code);
    if (word === undefined) known.set(code, (word = words(`samples:status.${code}`)));
    return word;
  };
}

/** A sample's words, looked up once per file: its status, and the mark of a rush booking. */
export function sampleWords(words: ReportWords) {
  return { status: statusWords(words), rush: words('common:rush') };
}

type SampleWords = ReturnType<typeof sampleWords>;

/**
 * The samples table, in sheet order: the row's field, the key of its heading (reports.json), its
 * width in characters, and the cell when it is not the field as read (a status in words, the rush
 * mark). A new column is an entry here, its value in report-rows.ts and its heading in both languages.
 */
export const sampleColumns: readonly {
  key: keyof ReportRow;
  header: string;
  width: number;
  cell?: (row: ReportRow, words: SampleWords) => Cell;
}[] = [
  { key: 'idflNumber', header: 'columns.idflNumber', width: 16 },
  { key: 'sampleCode', header: 'columns.sampleCode', width: 16 },
  { key: 'sampleType', header: 'columns.sampleType', width: 18 },
  { key: 'source', header: 'columns.source', width: 16 },
  { key: 'status', header: 'columns.status', width: 20, cell: (row, words) => words.status(row.status) },
  { key: 'countryCode', header: 'columns.country', width: 9 },
  { key: 'receivedDate', header: 'columns.receivedDate', width: 18 },
  { key: 'receivedBy', header: 'columns.receivedBy', width: 20 },
  { key: 'bookingNumber', header: 'columns.bookingNumber', width: 16 },
  {
    key: 'rushService',
    header: 'columns.rushService',
    width: 12,
    cell: (row, words) => (row.rushService ? words.rush : null),
  },
  { key: 'initialWeight', header: 'columns.initialWeight', width: 17 },
  { key: 'sentWeight', header: 'columns.sentWeight', width: 15 },
  { key: 'remainingWeight', header: 'columns.remainingWeight', width: 20 },
];

/** A sample's cells in the samples table. */
export const sampleCells = (row: ReportRow, words: SampleWords): Cell[] =>
  sampleColumns.map((column) => (column.cell ? column.cell(row, words) : (row[column.key] as Cell)));

/** The samples table's heading row. */
export const sampleHeader = (words: ReportWords) => sampleColumns.map((c) => words(`reports:${c.header}`));
