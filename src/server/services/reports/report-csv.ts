import type { Language } from '../../../shared/language.ts';
import type { Executor } from '../../db/client.ts';
import { reportGroups } from './report-groups.ts';
import { reportRows, type ReportFilters, type ReportKind } from './report-rows.ts';
import { prefaceOf, sampleCells, sampleHeader, sampleWords, summaryTable, type Cell } from './report-tables.ts';
import { reportWords } from './report-words.ts';
import { csvLines } from '../documents/spreadsheet-cells.ts';
import { formatInTimeZone } from '../../../shared/display-date.ts';

/**
 * A CSV cell: a moment in the one date form (shared/display-date.ts) in the report's language, at
 * the laboratory's time (LAB_TIME_ZONE, named in the file's preface) as the XLSX's date cells are.
 */
const csvCellIn = (language: Language, timeZone: string) => (value: Cell) =>
  value instanceof Date ? formatInTimeZone(value.toISOString(), language, timeZone) : value;

/** CSV lines, each ended, through the one rule for exported cells. */
const linesIn = (language: Language, timeZone: string) => {
  const csvCell = csvCellIn(language, timeZone);
  return (rows: Cell[][]) => `${csvLines(rows.map((row) => row.map(csvCell)))}\r\n`;
};

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
  const sample = sampleWords(words);
  const rows = reportRows(db, filters);
  const lines = linesIn(language, filters.timeZone);
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        const asOf = new Date();
        const table = summaryTable(kind, await reportGroups(db, kind, filters, asOf), words);
        const preface: Cell[][] = [
          [words(`reports:file.title.${kind}`)],
          ...prefaceOf(kind, filters, words, language),
          [words('reports:file.madeOn'), asOf],
          ...(kind === 'status' ? [[words('reports:file.medianNote')]] : []),
        ];
        controller.enqueue(
          encoder.encode(
            `\uFEFF${lines(preface)}\r\n${lines([table.header, ...table.lines, table.total])}\r\n${lines([sampleHeader(words)])}`,
          ),
        );
        return;
      }
      const next = await rows.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(lines(next.value.map((row) => sampleCells(row, sample)))));
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
}
