// The XLSX file's first sheet, read row by row: its XML parts are parsed by a streaming parser as
// they unpack (xlsx-zip-reader.ts), so a sheet that declares a million rows or one cell at
// XFD1048576 is refused from the few bytes that show it, never held whole.
import { SaxesParser } from 'saxes';
import { AppError, badRequest } from '../../errors.ts';
import {
  cellAt,
  cellTooLong,
  columnName,
  tooManyColumns,
  type Cells,
  type SpreadsheetLimits,
} from './spreadsheet-limits.ts';
import { unpackPart, unreadable, zipParts, type ZipPart } from './xlsx-zip-reader.ts';

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

/** Calls `onRow` with each row of the first sheet that has a cell, in order, as readSpreadsheet does. */
export async function readXlsx(bytes: Uint8Array, onRow: (cells: Cells) => void, limits: SpreadsheetLimits) {
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
