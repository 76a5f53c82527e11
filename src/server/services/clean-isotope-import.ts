// The all-or-nothing import of a laboratory's own CSV or XLSX file of clean isotope reference
// records: its columns matched to ours (or mapped by hand), every row checked, then one upsert.
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import {
  cleanIsotopeColumns,
  cleanIsotopeRowSchema,
  isotopeColumns,
  matchElementHeader,
  matchIsotopeHeader,
  maxImportErrors,
  maxImportRows,
  missingCellValues,
  type CleanIsotopeColumn,
  type CleanIsotopeRow,
} from '../../shared/schemas/clean-isotope.ts';
import type { Db, Executor } from '../db/client.ts';
import { cleanIsotopeRecord } from '../db/schema.ts';
import { AppError, badRequest } from '../errors.ts';
import { appendAudit } from './audit.ts';
import type { Actor } from './sample-entries.ts';

export type ImportOptions = {
  file: File;
  /** Our column (or a further element's name) → the file's header. */
  mapping?: Record<string, string>;
  /** The material of every row, when the file has no material column. */
  material?: string;
};

export type RowError = { row: number; column: string; message: string };

type Table = { headers: string[]; rows: string[][] };

const XLSX_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/** Reads the file's first sheet (XLSX, read by its bytes) or its CSV text into header and cells. */
async function readTable(file: File): Promise<Table> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const isXlsx = XLSX_SIGNATURE.every((b, i) => bytes[i] === b);
  if (isXlsx) return readXlsx(bytes);
  if (bytes.includes(0)) throw badRequest('fileNotCsvOrXlsx', {}, { file: 'Choose a CSV or XLSX file' });
  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  const [headers = [], ...rows] = parsed.data;
  return { headers: headers.map((h) => h.trim()), rows };
}

async function readXlsx(bytes: Uint8Array): Promise<Table> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes.buffer as ArrayBuffer);
  } catch {
    throw badRequest('xlsxUnreadable', {}, { file: 'The XLSX file cannot be read' });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { headers: [], rows: [] };
  const table: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) cells.push(cellText(row.getCell(c).value));
    table.push(cells);
  });
  const [headers = [], ...rows] = table;
  return { headers: headers.map((h) => h.trim()), rows };
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
  }
  return String(value);
}

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
  const ourColumns = new Map(cleanIsotopeColumns.map((c) => [c.toLowerCase(), c]));
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

function readRows(table: Table, plan: ColumnPlan, material: string | undefined) {
  const rows: CleanIsotopeRow[] = [];
  const errors: RowError[] = [];
  let errorCount = 0;
  const addError = (e: RowError) => {
    errorCount++;
    if (errors.length < maxImportErrors) errors.push(e);
  };
  const seen = new Map<string, number>();
  const renamed: { row: number; from: string; to: string }[] = [];
  table.rows.forEach((cells, i) => {
    const rowNumber = i + 2; // the header is row 1, as a spreadsheet shows it
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
    rows.push(parsed.data);
  });
  return { rows, errors, errorCount, renamed };
}

const IMPORT_CHUNK = 500;

/**
 * Imports a laboratory's file as it is: all rows or none. Rows are matched to existing records by
 * material and sample code (a re-import updates them). A bad file answers 400 with every bad row's
 * number, column and reason (up to a limit) and changes nothing.
 */
export async function importCleanIsotopes(db: Db | Executor, options: ImportOptions, by: Actor) {
  const table = await readTable(options.file);
  if (table.headers.length === 0 || table.rows.length === 0)
    throw badRequest('importFileEmpty', {}, { file: 'The file is empty or has only a header' });
  if (table.rows.length > maxImportRows)
    throw badRequest('importTooManyRows', { max: maxImportRows }, { file: `At most ${maxImportRows} rows` });
  const plan = planColumns(table.headers, options.mapping ?? {});
  if (plan.ours.sampleCode === undefined)
    throw badRequest(
      'importNoSampleCode',
      {},
      {
        'mapping.sampleCode': 'Map the sample code column',
      },
    );
  if (plan.ours.material === undefined && !options.material)
    throw badRequest('importNoMaterial', {}, { material: 'Material is required' });
  const { rows, errors, errorCount, renamed } = readRows(table, plan, options.material);
  if (errorCount > 0) {
    throw new AppError(
      'BAD_REQUEST',
      'importRowsInvalid',
      { count: errorCount },
      {
        errors: Object.fromEntries(errors.map((e) => [`rows.${e.row}.${e.column}`, e.message])),
        data: { rowErrors: errors, errorCount, rowCount: table.rows.length },
      },
    );
  }
  return db.transaction(async (tx) => {
    // A material already on file keeps its spelling, whatever case the file uses.
    const materials = await canonicalMaterials(tx, [...new Set(rows.map((r) => r.material))]);
    let created = 0;
    for (let start = 0; start < rows.length; start += IMPORT_CHUNK) {
      const values = rows.slice(start, start + IMPORT_CHUNK).map((r) => ({
        ...r,
        material: materials.get(r.material.toLowerCase()) ?? r.material,
        updatedAt: new Date(),
      }));
      const result = await tx
        .insert(cleanIsotopeRecord)
        .values(values)
        .onConflictDoUpdate({
          target: [cleanIsotopeRecord.material, cleanIsotopeRecord.sampleCode],
          set: Object.fromEntries(
            [
              ...cleanIsotopeColumns.filter((c) => c !== 'material' && c !== 'sampleCode'),
              'otherElements',
              'updatedAt',
            ].map((c) => [c, sql.raw(`excluded."${toColumnName(c)}"`)]),
          ),
        })
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      created += result.filter((r) => r.inserted).length;
    }
    const summary = {
      created,
      updated: rows.length - created,
      total: rows.length,
      renamed,
      materials: [...new Set(rows.map((r) => materials.get(r.material.toLowerCase()) ?? r.material))],
      elements: [
        ...isotopeColumns.filter((c) => rows.some((r) => r[c] !== null)),
        ...new Set(rows.flatMap((r) => Object.keys(r.otherElements))),
      ],
    };
    await appendAudit(tx, {
      entityType: 'clean_isotope_record',
      entityId: summary.materials.join(', '),
      action: 'imported',
      changes: {
        file: { from: null, to: options.file.name },
        created: { from: null, to: summary.created },
        updated: { from: null, to: summary.updated },
      },
      actor: by,
    });
    return summary;
  });
}

function toColumnName(field: string): string {
  const column = cleanIsotopeRecord[field as keyof typeof cleanIsotopeRecord.$inferSelect];
  return (column as unknown as { name: string }).name;
}

async function canonicalMaterials(db: Executor, materials: readonly string[]) {
  const found = new Map<string, string>();
  if (materials.length === 0) return found;
  const rows = await db
    .selectDistinct({ material: cleanIsotopeRecord.material })
    .from(cleanIsotopeRecord)
    .where(
      sql`lower(${cleanIsotopeRecord.material}) IN (${sql.join(
        materials.map((m) => sql`${m.toLowerCase()}`),
        sql`, `,
      )})`,
    );
  for (const r of rows) found.set(r.material.toLowerCase(), r.material);
  return found;
}
