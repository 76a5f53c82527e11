import { z } from 'zod';
import { isotopeElements, type IsotopeElement } from '../measurement/isotope-elements.ts';

// The clean isotope reference records (Isotope LMD): what an import row must hold, and the columns
// an import matches. The origin model learns from these records (src/shared/origin-model/).

/** The record's own columns, in the order an export writes them. */
export const cleanIsotopeColumns = [
  'sampleCode',
  'material',
  'countryCode',
  'region',
  'latitude',
  'longitude',
  'classify',
  'verifiedBy',
  'd13C',
  'd2H',
  'd18O',
  'd15N',
  'd34S',
] as const;
export type CleanIsotopeColumn = (typeof cleanIsotopeColumns)[number];

/** The five stable isotopes kept in columns of their own; further elements go to otherElements. */
export const isotopeColumns = isotopeElements;
export type IsotopeColumn = IsotopeElement;

/** Cells meaning "not measured". */
export const missingCellValues = ['', 'na', 'n/a', 'nan', '-', 'null'] as const;

export const maxImportErrors = 100;

/**
 * What one import file may hold: the only place these numbers live. The server checks each while it
 * reads the file, on a thread of its own, and refuses the file (400, the limit's own message code)
 * as soon as one is passed, so a hostile file costs seconds and a bounded amount of memory.
 */
export const importLimits = {
  /** The uploaded file itself (CSV text, or the packed XLSX). */
  fileBytes: 20 * 1024 * 1024,
  /** Everything an XLSX unpacks to that is read (sheet, shared texts, workbook): a zip bomb stops here. */
  unpackedBytes: 256 * 1024 * 1024,
  /**
   * How many times larger a part of an XLSX may unpack than it is packed. Spreadsheets pack 5 to 20
   * times; a zip bomb packs about a thousand times, and is refused after its first few megabytes.
   */
  packingRatio: 100,
  /** Parts (files) inside an XLSX; a workbook has a dozen or two. */
  xlsxParts: 1_000,
  /** Rows under the header. */
  rows: 100_000,
  /** Columns of the sheet, the last one being column ALL. */
  columns: 1_000,
  /** Characters of one cell: Excel's own limit. */
  cellCharacters: 32_767,
  /** Reading the file; past this its reader is stopped. */
  readSeconds: 60,
  /** Memory of the thread that reads one file. */
  readerMemoryMiB: 512,
  /** Files read at the same time; further imports are asked to wait a moment. */
  concurrentReads: 2,
} as const;

/**
 * The file's header → our column, matched case-insensitively with δ read as d: "δ13C", "D13c" and
 * "13C" are all d13C. Anything else that names a chemical element or isotope ("Sr", "87Sr",
 * "d87Sr") is a further element; other columns (ids, dates, notes) are ignored.
 */
export function matchIsotopeHeader(header: string): IsotopeColumn | null {
  const h = header.trim().replace(/^δ/i, 'd').replace(/\s+/g, '').toLowerCase();
  for (const column of isotopeColumns) {
    const bare = column.slice(1).toLowerCase();
    if (h === column.toLowerCase() || h === bare || h === `delta${bare}`) return column;
  }
  return null;
}

const elementSymbols = new Set(
  (
    'H He Li Be B C N O F Ne Na Mg Al Si P S Cl Ar K Ca Sc Ti V Cr Mn Fe Co Ni Cu Zn Ga Ge As Se Br Kr Rb Sr Y Zr ' +
    'Nb Mo Tc Ru Rh Pd Ag Cd In Sn Sb Te I Xe Cs Ba La Ce Pr Nd Pm Sm Eu Gd Tb Dy Ho Er Tm Yb Lu Hf Ta W Re Os Ir ' +
    'Pt Au Hg Tl Pb Bi Th U'
  ).split(' '),
);

/** A further element's name from a header ("Sr", "87Sr", "d87Sr", "87Sr/86Sr"), or null. */
export function matchElementHeader(header: string): string | null {
  const h = header.trim().replace(/^δ/, 'd');
  const ratio = /^(\d{1,3})([A-Z][a-z]?)\/(\d{1,3})([A-Z][a-z]?)$/.exec(h);
  if (ratio && elementSymbols.has(ratio[2]!) && ratio[2] === ratio[4]) return h;
  const single = /^(d?)(\d{1,3})?([A-Z][a-z]?)$/.exec(h);
  if (single && elementSymbols.has(single[3]!) && (single[1] === '' || single[2])) return h;
  return null;
}

const text = (max: number) => z.string().trim().max(max);

/** One row of an import once its cells are read (the server re-checks every row with this). */
export const cleanIsotopeRowSchema = z
  .object({
    sampleCode: text(100).min(1, 'Sample code is required'),
    material: text(100).min(1, 'Material is required'),
    countryCode: text(100).nullable(),
    region: text(200).nullable(),
    latitude: z
      .number()
      .min(-90, 'Latitude must be between -90 and 90')
      .max(90, 'Latitude must be between -90 and 90')
      .nullable(),
    longitude: z
      .number()
      .min(-180, 'Longitude must be between -180 and 180')
      .max(180, 'Longitude must be between -180 and 180')
      .nullable(),
    classify: text(100).nullable(),
    verifiedBy: text(200).nullable(),
    d13C: z.number().nullable(),
    d2H: z.number().nullable(),
    d18O: z.number().nullable(),
    d15N: z.number().nullable(),
    d34S: z.number().nullable(),
    otherElements: z.record(z.string(), z.number()),
  })
  .superRefine((row, ctx) => {
    if (!row.region && !row.countryCode)
      ctx.addIssue({ code: 'custom', path: ['region'], message: 'Region or country code is required' });
    const hasElement = isotopeColumns.some((c) => row[c] !== null) || Object.keys(row.otherElements).length > 0;
    if (!hasElement)
      ctx.addIssue({ code: 'custom', path: ['d13C'], message: 'At least one element value is required' });
  });
export type CleanIsotopeRow = z.infer<typeof cleanIsotopeRowSchema>;

/** `mapping` of an import: our column (or a further element's name) → the file's header. */
export const importMappingSchema = z.record(text(100).min(1), text(200).min(1), {
  error: 'Mapping must be a JSON object of our column → your header',
});
