import { wallClockInTimeZone } from '../../../shared/display-date.ts';
import { Readable } from 'node:stream';
import type { Language } from '../../../shared/language.ts';
import type { Executor } from '../../db/client.ts';
import { reportGroups, totalOf } from './report-groups.ts';
import { reportRows, type ReportFilters, type ReportKind } from './report-rows.ts';
import {
  prefaceOf,
  sampleCells,
  sampleColumns,
  sampleHeader,
  sampleWords,
  summaryTable,
  type Cell,
} from './report-tables.ts';
import { reportWords } from './report-words.ts';
import { spreadsheetCell } from '../documents/spreadsheet-cells.ts';
import { columnLetter, xlsxStream, type XlsxCell, type XlsxRow } from '../documents/xlsx-writer.ts';

/**
 * The summary's heading row: below the title, the period, the time zone, the two filters, the
 * moment it was made, a note and an empty line (summaryRows writes them in that order).
 */
const SUMMARY_HEADER_ROW = 9;

const safe = (cells: Cell[]): XlsxCell[] => cells.map(spreadsheetCell);

/**
 * The report as an XLSX workbook in the requester's language: a summary sheet (title, period and
 * filters, then one line per source × status or per status with its median days, a total line,
 * the counts drawn as data bars, which every spreadsheet shows) and the samples sheet; bold frozen
 * heading rows, column widths, real date cells, statuses in words. The samples are written a
 * batch at a time as they are read (xlsx-writer.ts).
 */
export function reportXlsx(
  db: Executor,
  kind: ReportKind,
  filters: ReportFilters,
  language: Language,
): ReadableStream<Uint8Array> {
  const words = reportWords(language);
  const asOf = new Date();
  // A spreadsheet's date cell has no time zone: it holds the laboratory's wall clock (LAB_TIME_ZONE,
  // named in the preface), as the CSV writes it.
  const local = <T>(cell: T) => (cell instanceof Date ? wallClockInTimeZone(cell, filters.timeZone) : cell);
  const groupsRead = reportGroups(db, kind, filters, asOf);
  // Not left unhandled while the stream has not yet asked for it; the sheets await it.
  groupsRead.catch(() => undefined);

  async function* summaryRows(): AsyncGenerator<XlsxRow[]> {
    const table = summaryTable(kind, await groupsRead, words);
    // The grams are the last two columns in both summaries.
    const weightStyle = (cells: Cell[], bold: boolean): XlsxCell[] =>
      safe(cells).map((value, i) =>
        i >= cells.length - 2 && typeof value === 'number' ? { value, style: bold ? 'boldGrams' : 'grams' } : value,
      );
    yield [
      [{ value: words(`reports:file.title.${kind}`), style: 'title' }],
      ...prefaceOf(kind, filters, words, language).map(([label, value]): XlsxRow => [
        { value: spreadsheetCell(label), style: 'bold' },
        spreadsheetCell(value),
      ]),
      [
        { value: words('reports:file.madeOn'), style: 'bold' },
        { value: local(asOf), style: 'dateLeft' },
      ],
      [words(kind === 'status' ? 'reports:file.medianNote' : 'reports:file.chartNote')],
      [],
      { cells: safe(table.header), style: 'header' },
      ...table.lines.map((line) => {
        const cells = weightStyle(line, false);
        if (kind === 'status' && typeof cells[2] === 'number') cells[2] = { value: cells[2], style: 'days' };
        return cells;
      }),
      { cells: weightStyle(table.total, true), style: 'bold' },
    ];
  }
  const columnOf = (key: (typeof sampleColumns)[number]['key']) => sampleColumns.findIndex((c) => c.key === key);
  const summaryColumns = (count: number) => Array.from({ length: count }, (_, i) => ({ width: i === 0 ? 26 : 14 }));

  async function* samplesRows(): AsyncGenerator<XlsxRow[]> {
    const sample = sampleWords(words);
    yield [{ cells: sampleHeader(words), style: 'header' }];
    for await (const batch of reportRows(db, filters))
      yield batch.map((row) => safe(sampleCells(row, sample)).map(local));
    const total = totalOf(await groupsRead);
    const line: XlsxCell[] = [words('reports:total'), words('reports:file.totalSamples', { count: total.samples })];
    line[columnOf('initialWeight')] = { value: total.initialWeight, style: 'boldGrams' };
    line[columnOf('sentWeight')] = { value: total.sentWeight, style: 'boldGrams' };
    yield [{ cells: line, style: 'bold' }];
  }

  async function* workbook(): AsyncGenerator<Buffer> {
    const table = summaryTable(kind, await groupsRead, words);
    const bars = columnLetter(table.countColumn);
    yield* xlsxStream(
      [
        {
          name: words('reports:file.summarySheet'),
          columns: summaryColumns(table.header.length),
          frozenRows: SUMMARY_HEADER_ROW,
          dataBars: table.lines.length
            ? `${bars}${SUMMARY_HEADER_ROW + 1}:${bars}${SUMMARY_HEADER_ROW + table.lines.length}`
            : undefined,
          rows: summaryRows(),
        },
        {
          name: words('reports:file.samplesSheet'),
          columns: sampleColumns.map((c) => ({
            width: c.width,
            style: c.key.endsWith('Weight') ? ('grams' as const) : undefined,
          })),
          frozenRows: 1,
          autoFilter: `A1:${columnLetter(sampleColumns.length - 1)}1`,
          rows: samplesRows(),
        },
      ],
      'Isotope Lab',
      asOf,
    );
  }
  return Readable.toWeb(Readable.from(workbook())) as ReadableStream<Uint8Array>;
}
