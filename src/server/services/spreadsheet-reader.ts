// Reads an uploaded CSV or XLSX file row by row, in time linear in its size, checking the import
// limits (importLimits) while it reads: an XLSX is unpacked part by part through a streaming
// inflater and its XML read by a streaming parser, so a zip bomb, a sheet that declares a million
// rows or one cell at XFD1048576 is refused after the few bytes that show it, never held whole.
// Runs in the import's worker thread (clean-isotope-import-job.ts), never on the server's thread.
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import Papa from 'papaparse';
import { SaxesParser } from 'saxes';
import { importLimits } from '../../shared/schemas/clean-isotope.ts';
import { AppError, badRequest } from '../errors.ts';

export type SpreadsheetLimits = Readonly<Record<keyof typeof importLimits, number>>;

/** One row's cells by column (0-based); a column the row leaves empty is a hole. */
export type Cells = string[];

const MiB = 1024 * 1024;
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

const tooManyColumns = (limits: SpreadsheetLimits) =>
  badRequest(
    'importTooManyColumns',
    { max: limits.columns },
    { file: `At most ${limits.columns} columns (up to column ${columnName(limits.columns)})` },
  );

const cellTooLong = (limits: SpreadsheetLimits, where: string) =>
  badRequest(
    'importCellTooLong',
    { max: limits.cellCharacters },
    { file: `${where}: more than ${limits.cellCharacters} characters` },
  );

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

// ————— XLSX: the zip —————

type ZipPart = { name: string; method: number; packedSize: number; unpackedSize: number; headerAt: number };

const unreadable = () => badRequest('xlsxUnreadable', {}, { file: 'The XLSX file cannot be read' });

/** The parts named by the zip's central directory (read from its end, as unzip does). */
function zipParts(bytes: Uint8Array, limits: SpreadsheetLimits): Map<string, ZipPart> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-directory record: 22 bytes, then a comment of up to 65,535.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw unreadable();
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  // ZIP64 (0xFFFF parts or 0xFFFFFFFF offsets) is for archives of gigabytes: past every limit here.
  if (count === 0xffff || at === 0xffffffff) throw unreadable();
  if (count > limits.xlsxParts)
    throw badRequest('xlsxTooManyParts', { max: limits.xlsxParts }, { file: `At most ${limits.xlsxParts} parts` });
  const parts = new Map<string, ZipPart>();
  const decoder = new TextDecoder('utf-8');
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) throw unreadable();
    const nameLength = view.getUint16(at + 28, true);
    const part: ZipPart = {
      method: view.getUint16(at + 10, true),
      packedSize: view.getUint32(at + 20, true),
      unpackedSize: view.getUint32(at + 24, true),
      headerAt: view.getUint32(at + 42, true),
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)).replace(/^\//, ''),
    };
    parts.set(part.name.toLowerCase(), part);
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return parts;
}

/**
 * Streams one part's text to `onText`, unpacking it in small pieces and counting what it unpacks
 * to: past the budget for the whole file, or past the packing ratio once past its first MiB, it
 * stops at once, whatever sizes the directory declares.
 */
async function unpackPart(
  bytes: Uint8Array,
  part: ZipPart,
  budget: { left: number },
  limits: SpreadsheetLimits,
  onText: (text: string) => void,
): Promise<void> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = part.headerAt;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== 0x04034b50) throw unreadable();
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const packed = bytes.subarray(start, start + part.packedSize);
  if (packed.length < part.packedSize) throw unreadable();
  const tooLarge = () =>
    badRequest(
      'xlsxUnpacksTooLarge',
      { mib: limits.unpackedBytes / MiB },
      { file: `The XLSX file unpacks to more than ${limits.unpackedBytes / MiB} MiB` },
    );
  if (part.unpackedSize > budget.left) throw tooLarge();
  const decoder = new TextDecoder('utf-8');
  const take = (chunk: Uint8Array) => {
    budget.left -= chunk.length;
    if (budget.left < 0) throw tooLarge();
    onText(decoder.decode(chunk, { stream: true }));
  };
  if (part.method === 0) {
    for (const piece of pieces(packed, 64 * 1024)) take(piece);
  } else if (part.method === 8) {
    const inflater = createInflateRaw({ chunkSize: 64 * 1024 });
    const source = Readable.from(pieces(packed, 64 * 1024), { objectMode: false });
    source.pipe(inflater);
    let unpacked = 0;
    try {
      for await (const chunk of inflater as AsyncIterable<Buffer>) {
        unpacked += chunk.length;
        // What the inflater has consumed so far: a bomb shows its ratio within its first pieces.
        if (unpacked > MiB && unpacked / Math.max(inflater.bytesWritten, 1) > limits.packingRatio)
          throw badRequest(
            'xlsxPackedTooTightly',
            { ratio: limits.packingRatio },
            { file: `A part of the XLSX file unpacks to more than ${limits.packingRatio} times its packed size` },
          );
        take(chunk);
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw unreadable();
    } finally {
      source.unpipe(inflater);
      source.destroy();
      inflater.destroy();
    }
  } else throw unreadable();
  onText(decoder.decode());
}

function* pieces(bytes: Uint8Array, size: number) {
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
}

// ————— XLSX: the XML —————

/** Reads a part's XML as it unpacks; `handlers` see local names (no namespace prefix). */
async function readXml(
  bytes: Uint8Array,
  part: ZipPart,
  budget: { left: number },
  limits: SpreadsheetLimits,
  handlers: {
    open: (name: string, attributes: Record<string, string>) => void;
    close?: (name: string) => void;
    text?: (text: string) => void;
  },
): Promise<void> {
  const parser = new SaxesParser({ position: false });
  let failed: unknown;
  parser.on('error', (error) => {
    failed ??= error;
  });
  parser.on('opentag', (tag) => handlers.open(localName(tag.name), tag.attributes as Record<string, string>));
  if (handlers.close) {
    const close = handlers.close;
    parser.on('closetag', (tag) => close(localName(tag.name)));
  }
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  const write = (text: string) => {
    if (failed) throw failed instanceof AppError ? failed : unreadable();
    try {
      parser.write(text);
    } catch (error) {
      throw error instanceof AppError ? error : unreadable();
    }
    if (failed) throw failed instanceof AppError ? failed : unreadable();
  };
  await unpackPart(bytes, part, budget, limits, write);
  try {
    parser.close();
  } catch (error) {
    throw error instanceof AppError ? error : unreadable();
  }
  if (failed) throw failed instanceof AppError ? failed : unreadable();
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** The first sheet's part: the workbook's first <sheet>, through the workbook's relationships. */
async function firstSheet(
  bytes: Uint8Array,
  parts: Map<string, ZipPart>,
  budget: { left: number },
  limits: SpreadsheetLimits,
) {
  const fallback = parts.get('xl/worksheets/sheet1.xml');
  const workbook = parts.get('xl/workbook.xml');
  const relations = parts.get('xl/_rels/workbook.xml.rels');
  if (!workbook || !relations) return fallback;
  let sheetRelation: string | undefined;
  await readXml(bytes, workbook, budget, limits, {
    open: (name, attributes) => {
      if (name !== 'sheet' || sheetRelation !== undefined) return;
      const idKey = Object.keys(attributes).find((k) => localName(k) === 'id' && k !== 'sheetId');
      sheetRelation = idKey ? attributes[idKey] : undefined;
    },
  });
  let target: string | undefined;
  await readXml(bytes, relations, budget, limits, {
    open: (name, attributes) => {
      if (name === 'Relationship' && attributes.Id === sheetRelation) target = attributes.Target;
    },
  });
  if (!target) return fallback;
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  return parts.get(path.replace(/\/\.\//g, '/').toLowerCase()) ?? fallback;
}

/** The shared texts cells of type "s" point to, in order. */
async function sharedTexts(
  bytes: Uint8Array,
  part: ZipPart | undefined,
  budget: { left: number },
  limits: SpreadsheetLimits,
) {
  const texts: string[] = [];
  if (!part) return texts;
  let current: string | null = null;
  let inText = false;
  let phonetic = 0; // <rPh> holds a reading guide, not the cell's text
  await readXml(bytes, part, budget, limits, {
    open: (name) => {
      if (name === 'si') current = '';
      else if (name === 'rPh') phonetic++;
      else if (name === 't' && current !== null && phonetic === 0) inText = true;
    },
    close: (name) => {
      if (name === 'si' && current !== null) {
        texts.push(current);
        current = null;
      } else if (name === 'rPh') phonetic--;
      else if (name === 't') inText = false;
    },
    text: (text) => {
      if (!inText || current === null) return;
      current += text;
      if (current.length > limits.cellCharacters) throw cellTooLong(limits, `Shared text ${texts.length + 1}`);
    },
  });
  return texts;
}

/** A cell reference's column, 1-based ("A1" → 1, "XFD1048576" → 16384), and its row, or null. */
function cellAt(reference: string): { column: number; row: number } | null {
  const match = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/.exec(reference);
  if (!match) return null;
  let column = 0;
  for (const letter of match[1]!.toUpperCase()) column = column * 26 + (letter.charCodeAt(0) - 64);
  return { column, row: Number(match[2]) };
}

function columnName(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

async function readXlsx(bytes: Uint8Array, onRow: (cells: Cells) => void, limits: SpreadsheetLimits) {
  const parts = zipParts(bytes, limits);
  const budget = { left: limits.unpackedBytes };
  const sheet = await firstSheet(bytes, parts, budget, limits);
  if (!sheet) throw unreadable();
  const shared = await sharedTexts(bytes, parts.get('xl/sharedstrings.xml'), budget, limits);

  let rowNumber = 0;
  let cells: Cells | null = null;
  let filled = false;
  let column = 0; // of the cell being read, 1-based
  let type = '';
  let value = '';
  let inValue = false;
  let inInline = false;
  let phonetic = 0;
  const where = () => `Row ${rowNumber}, column ${columnName(column)}`;
  await readXml(bytes, sheet, budget, limits, {
    open: (name, attributes) => {
      switch (name) {
        case 'dimension': {
          // The sheet's own statement of its size, before any cell: a million rows is refused here.
          const last = cellAt((attributes.ref ?? '').split(':').pop() ?? '');
          if (last && (last.row > limits.rows + 1 || last.column > limits.columns))
            throw badRequest(
              'importSheetTooLarge',
              { range: attributes.ref!, rows: limits.rows, columns: limits.columns },
              {
                file: `The sheet declares its size as ${attributes.ref}; at most ${limits.rows} rows under the header and ${limits.columns} columns`,
              },
            );
          return;
        }
        case 'row': {
          const declared = Number(attributes.r);
          rowNumber = Number.isInteger(declared) && declared > rowNumber ? declared : rowNumber + 1;
          cells = [];
          filled = false;
          column = 0;
          return;
        }
        case 'c': {
          const at = attributes.r ? cellAt(attributes.r) : null;
          column = at ? at.column : column + 1;
          if (column > limits.columns) throw tooManyColumns(limits);
          type = attributes.t ?? 'n';
          value = '';
          return;
        }
        case 'v':
          inValue = true;
          return;
        case 'is':
          inInline = true;
          return;
        case 'rPh':
          phonetic++;
          return;
        case 't':
          if (inInline && phonetic === 0) inValue = true;
          return;
      }
    },
    close: (name) => {
      switch (name) {
        case 'v':
        case 't':
          inValue = false;
          return;
        case 'is':
          inInline = false;
          return;
        case 'rPh':
          phonetic--;
          return;
        case 'c': {
          const text = cellText(type, value, shared);
          if (text !== '' && cells) {
            cells[column - 1] = text;
            filled = true;
          }
          return;
        }
        case 'row':
          if (cells && filled) onRow(cells);
          cells = null;
          return;
      }
    },
    text: (text) => {
      if (!inValue) return;
      value += text;
      if (value.length > limits.cellCharacters) throw cellTooLong(limits, where());
    },
  });
}

/** A cell's text as the sheet shows it, by its type (ECMA-376 18.18.11). */
function cellText(type: string, value: string, shared: readonly string[]): string {
  switch (type) {
    case 's':
      return shared[Number(value)] ?? '';
    case 'b':
      return value === '1' ? 'true' : value === '0' ? 'false' : value;
    case 'e':
      return ''; // #N/A, #DIV/0!…: no value
    case 'n': {
      // As a spreadsheet shows it: 0.1 stored as 0.10000000000000001 reads 0.1.
      const number = Number(value);
      return value.trim() !== '' && Number.isFinite(number) ? String(number) : value;
    }
    default:
      return value; // str (a formula's text), inlineStr, d (an ISO date)
  }
}
