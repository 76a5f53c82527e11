// Reads an uploaded CSV or XLSX file row by row, in time linear in its size, checking the import
// limits (importLimits) while it reads: an XLSX is unpacked part by part through a streaming
// inflater and its XML read by a streaming parser (xlsx-reader.ts), so a zip bomb, a sheet that
// declares a million rows or one cell at XFD1048576 is refused after the few bytes that show it,
// never held whole. Runs in the import's worker thread (clean-isotope-import-job.ts), never on the
// server's thread.
import Papa from 'papaparse';
import { importLimits } from '../../../shared/schemas/clean-isotope.ts';
import { AppError, badRequest } from '../../errors.ts';
import { cellTooLong, MiB, tooManyColumns, type Cells, type SpreadsheetLimits } from './spreadsheet-limits.ts';
import { readXlsx } from './xlsx-reader.ts';

const XLSX_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

/**
 * Calls `onRow` with every row that has a cell, in file order (the first is the header). Throws a
 * 400 AppError naming the limit a file passes, or why it cannot be read.
 */
export async function readSpreadsheet(
  bytes: Uint8Array,
  onRow: (cells: Cells) => void,
  limits: SpreadsheetLimits = importLimits,
): Promise<void> {
  if (bytes.length > limits.fileBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', 'bodyTooLarge', { size: `${limits.fileBytes / MiB} MiB` });
  const counted = countingRows(onRow, limits);
  if (XLSX_SIGNATURE.every((b, i) => bytes[i] === b)) return readXlsx(bytes, counted, limits);
  readCsv(bytes, counted, limits);
}

/** Wraps `onRow` with the rows limit: the header and at most `rows` rows under it. */
function countingRows(onRow: (cells: Cells) => void, limits: SpreadsheetLimits) {
  let count = 0;
  return (cells: Cells) => {
    count++;
    if (count > limits.rows + 1)
      throw badRequest('importTooManyRows', { max: limits.rows }, { file: `At most ${limits.rows} rows` });
    onRow(cells);
  };
}

// ————— CSV —————

function readCsv(bytes: Uint8Array, onRow: (cells: Cells) => void, limits: SpreadsheetLimits) {
  if (bytes.includes(0)) throw badRequest('fileNotCsvOrXlsx', {}, { file: 'Choose a CSV or XLSX file' });
  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  let refused: unknown;
  let line = 0;
  Papa.parse<string[]>(text, {
    skipEmptyLines: 'greedy',
    step: (result, parser) => {
      try {
        line++;
        const cells = result.data;
        if (cells.length > limits.columns) throw tooManyColumns(limits);
        cells.forEach((cell, i) => {
          if (cell.length > limits.cellCharacters) throw cellTooLong(limits, `Row ${line}, column ${i + 1}`);
        });
        onRow(cells);
      } catch (error) {
        refused = error;
        parser.abort();
      }
    },
  });
  if (refused) throw refused;
}
