// XLSX files built byte by byte for the import tests: well-formed sheets of any size, and the
// hostile ones an attacker would send (a declared size of a million rows, a cell at XFD1048576, a
// zip bomb whose directory lies about its size). No binaries are committed; each is made here.
import { constants, deflateRawSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const b of bytes) crc = crcTable[(crc ^ b) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export type ZipPart = {
  name: string;
  /** The part's text, deflated here; or `packed`, deflate bytes made by the caller. */
  text?: string;
  packed?: { bytes: Uint8Array; unpackedSize: number; crc?: number };
};

/** A zip archive of the parts, deflated, with its central directory (what every XLSX is). */
function zipOf(parts: readonly ZipPart[]): Uint8Array<ArrayBuffer> {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const plain = part.text === undefined ? undefined : Buffer.from(part.text, 'utf8');
    const packed = part.packed?.bytes ?? deflateRawSync(plain!);
    const unpackedSize = part.packed?.unpackedSize ?? plain!.length;
    const crc = part.packed ? (part.packed.crc ?? 0) : crc32(plain!);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(packed.length, 18);
    header.writeUInt32LE(unpackedSize, 22);
    header.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(unpackedSize, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    local.push(header, name, Buffer.from(packed));
    central.push(entry, name);
    offset += header.length + name.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  const all = Buffer.concat([...local, directory, end]);
  return new Uint8Array(all.buffer.slice(all.byteOffset, all.byteOffset + all.length) as ArrayBuffer);
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A cell reference: column 1 → A, 28 → AB. */
export function cellName(column: number, row: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return `${name}${row}`;
}

/** A worksheet's XML holding the rows (numbers as numbers, the rest as inline text). */
export function sheetXml(rows: readonly (readonly (string | number)[])[], options: { dimension?: string | null } = {}) {
  const body = rows
    .map(
      (cells, r) =>
        `<row r="${r + 1}">${cells
          .map((value, c) =>
            typeof value === 'number'
              ? `<c r="${cellName(c + 1, r + 1)}"><v>${value}</v></c>`
              : `<c r="${cellName(c + 1, r + 1)}" t="inlineStr"><is><t>${escape(value)}</t></is></c>`,
          )
          .join('')}</row>`,
    )
    .join('');
  // Its declared size: the rows and columns it holds, unless told (null: none, as some writers do).
  const dimension =
    options.dimension === undefined
      ? `A1:${cellName(
          rows.reduce((most, r) => Math.max(most, r.length), 1),
          rows.length,
        )}`
      : options.dimension;
  const declared = dimension === null ? '' : `<dimension ref="${dimension}"/>`;
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${declared}<sheetData>${body}</sheetData></worksheet>`;
}

/** An XLSX workbook of one sheet, its XML given (or its part already packed). */
export function xlsxOf(sheet: string | ZipPart['packed']): Uint8Array<ArrayBuffer> {
  const sheetPart: ZipPart =
    typeof sheet === 'string'
      ? { name: 'xl/worksheets/sheet1.xml', text: sheet }
      : { name: 'xl/worksheets/sheet1.xml', packed: sheet };
  return zipOf([
    {
      name: '[Content_Types].xml',
      text: `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      text: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      text: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Reference" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      text: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    },
    sheetPart,
  ]);
}

/**
 * A zip bomb's sheet: a sheet's opening, then `mib` MiB of spaces, packed about a thousand to one
 * (each MiB deflated once and repeated: a full flush makes its blocks independent), while the
 * directory declares it 1 KiB unpacked, as an attacker's would.
 */
export function bombSheet(mib: number): NonNullable<ZipPart['packed']> {
  const flush = { level: 9, finishFlush: constants.Z_FULL_FLUSH };
  const head = deflateRawSync(
    Buffer.from(
      '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
    ),
    flush,
  );
  const spaces = deflateRawSync(Buffer.alloc(1024 * 1024, 0x20), flush);
  const final = Buffer.from([0x03, 0x00]); // an empty last block
  const bytes = Buffer.concat([head, ...Array.from({ length: mib }, () => spaces), final]);
  return { bytes: new Uint8Array(bytes), unpackedSize: 1024 };
}
