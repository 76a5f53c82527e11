// The import limits as the spreadsheet reader checks them (importLimits), the refusals that name
// them, and cell references in a spreadsheet's letters ("A1", column "XFD"), which those refusals use.
import type { importLimits } from '../../../shared/schemas/clean-isotope.ts';
import { badRequest } from '../../errors.ts';

export type SpreadsheetLimits = Readonly<Record<keyof typeof importLimits, number>>;

/** One row's cells by column (0-based); a column the row leaves empty is a hole. */
export type Cells = string[];

export const MiB = 1024 * 1024;

export const tooManyColumns = (limits: SpreadsheetLimits) =>
  badRequest(
    'importTooManyColumns',
    { max: limits.columns },
    { file: `At most ${limits.columns} columns (up to column ${columnName(limits.columns)})` },
  );

export const cellTooLong = (limits: SpreadsheetLimits, where: string) =>
  badRequest(
    'importCellTooLong',
    { max: limits.cellCharacters },
    { file: `${where}: more than ${limits.cellCharacters} characters` },
  );

/** A cell reference's column, 1-based ("A1" → 1, "XFD1048576" → 16384), and its row, or null. */
export function cellAt(reference: string): { column: number; row: number } | null {
  const match = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(reference);
  if (!match) return null;
  let column = 0;
  for (const letter of match[1]!.toUpperCase()) column = column * 26 + (letter.charCodeAt(0) - 64);
  return { column, row: Number(match[2]) };
}

export function columnName(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}
