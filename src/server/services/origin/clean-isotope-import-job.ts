// Runs in a worker thread (clean-isotope-import-worker.mjs): reading a laboratory's file and checking
// its rows takes seconds for a large file, and a hostile one must never stall the server's other
// requests. The file is read row by row (spreadsheet-reader.ts); the checked rows go back to the
// server's thread in parts as they are read, and the server writes them in one transaction.
import { parentPort, workerData } from 'node:worker_threads';
import {
  cleanIsotopeColumns,
  cleanIsotopeRowSchema,
  isotopeColumns,
  matchElementHeader,
  matchIsotopeHeader,
  maxImportErrors,
  missingCellValues,
  type CleanIsotopeColumn,
  type CleanIsotopeRow,
} from '../../../shared/schemas/clean-isotope.ts';
import { AppError, badRequest } from '../../errors.ts';
import type { Cells } from '../documents/spreadsheet-limits.ts';
import { readSpreadsheet } from '../documents/spreadsheet-reader.ts';

export type RowError = { row: number; column: string; message: string };
export type RenamedRow = { row: number; from: string; to: string };

export type ImportJobInput = {
  bytes: ArrayBuffer;
  /** Our column (or a further element's name) → the file's header. */
  mapping: Record<string, string>;
  /** The material of every row, when the file has no material column. */
  material?: string;
};

/** What the worker posts: checked rows in parts, then how the reading ended. */
export type ImportJobMessage =
  | { kind: 'rows'; rows: CleanIsotopeRow[] }
  | { kind: 'read'; rowCount: number; renamed: RenamedRow[] }
  | {
      kind: 'refused';
      error: Pick<AppError, 'kind' | 'code' | 'params' | 'errors' | 'data'>;
    };

/** Rows are posted in parts of this many, so the server's thread takes each in a moment. */
const ROWS_PER_MESSAGE = 1_000;

type ColumnPlan = { ours: Partial<Record<CleanIsotopeColumn, number>>; elements: Record<string, number> };

/** Headers compare without case, spaces, "_" or "-", and with δ read as d ("Sample Code" = sampleCode). */
const normalise = (header: string) =>
  header
    .trim()
    .replace(/^δ/i, 'd')
    .replace(/[\s_-]+/g, '')
    .toLowerCase();

function planColumns(headers: readonly string[], mapping: Record<string, string>): ColumnPlan {
  const index = new Map<string, number>();
  headers.forEach((h, i) => {
    if (h && !index.has(normalise(h))) index.set(normalise(h), i);
  });
  const ours: ColumnPlan['ours'] = {};
  const elements: ColumnPlan['elements'] = {};
  const errors: Record<string, string> = {};
  const used = new Set<number>();
  const ourColumns = new Map<string, CleanIsotopeColumn>(cleanIsotopeColumns.map((c) => [c.toLowerCase(), c]));
  // A "Country" column names the country each region belongs to (an ISO code).
  ourColumns.set('country', 'countryCode');
  for (const [key, header] of Object.entries(mapping)) {
    const at = index.get(normalise(header));
    if (at === undefined) {
      errors[`mapping.${key}`] = `The file has no column "${header}"`;
      continue;
    }
    const ourColumn = ourColumns.get(key.toLowerCase()) ?? matchIsotopeHeader(key);
    if (ourColumn) ours[ourColumn] = at;
    else if (/^[\p{L}\p{N}/_.-]{1,40}$/u.test(key)) elements[key] = at;
    else {
      errors[`mapping.${key}`] = 'Map to one of our columns or an element name';
      continue;
    }
    used.add(at);
  }
  if (Object.keys(errors).length) throw badRequest('mappingDoesNotFit', {}, errors);
  headers.forEach((header, i) => {
    if (used.has(i) || !header) return;
    const ourColumn = ourColumns.get(normalise(header)) ?? matchIsotopeHeader(header);
    if (ourColumn && ours[ourColumn] === undefined) {
      ours[ourColumn] = i;
      used.add(i);
      return;
    }
    const element = matchElementHeader(header);
    if (element && !(element in elements) && !ourColumn) {
      elements[element] = i;
      used.add(i);
    }
  });
  return { ours, elements };
}

const missing = new Set<string>(missingCellValues);
const isMissing = (cell: string | undefined) => cell === undefined || missing.has(cell.trim().toLowerCase());
const numericColumns = new Set<string>(['latitude', 'longitude', ...isotopeColumns]);

/** Checks the file's rows one at a time, as they are read, keeping only the good rows. */
function rowChecker(plan: ColumnPlan, material: string | undefined, keep: (row: CleanIsotopeRow) => void) {
  const errors: RowError[] = [];
  let errorCount = 0;
  let rowCount = 0;
  const addError = (e: RowError) => {
    errorCount++;
    if (errors.length < maxImportErrors) errors.push(e);
  };
  const seen = new Map<string, number>();
  const renamed: RenamedRow[] = [];
  const check = (cells: Cells) => {
    rowCount++;
    const rowNumber = rowCount + 1; // the header is row 1, as a spreadsheet shows it
    const record: Record<string, unknown> = { otherElements: {} };
    let rowIsBad = false;
    for (const column of cleanIsotopeColumns) {
      const at = plan.ours[column];
      const cell = at === undefined ? undefined : cells[at]?.trim();
      if (isMissing(cell)) {
        record[column] = column === 'material' && material ? material : null;
        continue;
      }
      if (numericColumns.has(column)) {
        const value = Number(cell);
        if (!Number.isFinite(value)) {
          addError({ row: rowNumber, column, message: `"${cell}" is not a number` });
          rowIsBad = true;
        }
        record[column] = value;
      } else record[column] = cell;
    }
    const other: Record<string, number> = {};
    for (const [element, at] of Object.entries(plan.elements)) {
      const cell = cells[at]?.trim();
      if (isMissing(cell)) continue;
      const value = Number(cell);
      if (!Number.isFinite(value)) {
        addError({ row: rowNumber, column: element, message: `"${cell}" is not a number` });
        rowIsBad = true;
      } else other[element] = value;
    }
    record.otherElements = other;
    if (rowIsBad) return;
    const parsed = cleanIsotopeRowSchema.safeParse(record);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        addError({ row: rowNumber, column: String(issue.path[0] ?? 'row'), message: issue.message });
      return;
    }
    // Real files repeat codes for different samples (one numbering per survey). Each repeat is
    // kept as its own record, numbered in file order ("139#2"), so a re-import of the same file
    // updates the same records; the answer lists every renamed row.
    const key = `${parsed.data.material.toLowerCase()}\u0000${parsed.data.sampleCode}`;
    const occurrence = (seen.get(key) ?? 0) + 1;
    seen.set(key, occurrence);
    if (occurrence > 1) {
      const renamedTo = `${parsed.data.sampleCode}#${occurrence}`;
      renamed.push({ row: rowNumber, from: parsed.data.sampleCode, to: renamedTo });
      parsed.data.sampleCode = renamedTo;
    }
    // Once a row is bad nothing will be written: the good rows need not travel.
    if (errorCount === 0) keep(parsed.data);
  };
  return { check, result: () => ({ errors, errorCount, rowCount, renamed }) };
}

/**
 * Reads and checks the whole file, handing the good rows to `send` in parts; throws a 400 AppError
 * for a file past a limit, one that does not fit its mapping, or one with bad rows (all named).
 */
export async function readImportFile(input: ImportJobInput, send: (message: ImportJobMessage) => void): Promise<void> {
  let checker: ReturnType<typeof rowChecker> | undefined;
  let pending: CleanIsotopeRow[] = [];
  const keep = (row: CleanIsotopeRow) => {
    pending.push(row);
    if (pending.length >= ROWS_PER_MESSAGE) {
      send({ kind: 'rows', rows: pending });
      pending = [];
    }
  };
  await readSpreadsheet(new Uint8Array(input.bytes), (cells) => {
    if (checker) return checker.check(cells);
    // The first row is the header: the columns are planned before any row is read.
    const headers = Array.from(cells, (h) => (h ?? '').trim());
    const plan = planColumns(headers, input.mapping);
    if (plan.ours.sampleCode === undefined)
      throw badRequest('importNoSampleCode', {}, { 'mapping.sampleCode': 'Map the sample code column' });
    if (plan.ours.material === undefined && !input.material)
      throw badRequest('importNoMaterial', {}, { material: 'Material is required' });
    checker = rowChecker(plan, input.material, keep);
  });
  const result = checker?.result();
  if (!result || result.rowCount === 0)
    throw badRequest('importFileEmpty', {}, { file: 'The file is empty or has only a header' });
  const { errors, errorCount, rowCount, renamed } = result;
  if (errorCount > 0)
    throw new AppError(
      'BAD_REQUEST',
      'importRowsInvalid',
      { count: errorCount },
      {
        errors: Object.fromEntries(errors.map((e) => [`rows.${e.row}.${e.column}`, e.message])),
        data: { rowErrors: errors, errorCount, rowCount },
      },
    );
  if (pending.length) send({ kind: 'rows', rows: pending });
  send({ kind: 'read', rowCount, renamed });
}

if (parentPort && workerData?.job === 'readImportFile') {
  const port = parentPort;
  const input = workerData.input as ImportJobInput;
  readImportFile(input, (message) => port.postMessage(message)).catch((error: unknown) => {
    if (!(error instanceof AppError)) throw error;
    const { kind, code, params, errors, data } = error;
    port.postMessage({ kind: 'refused', error: { kind, code, params, errors, data } } satisfies ImportJobMessage);
  });
}
