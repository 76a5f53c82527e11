// fontkit (the subsetter pdf-lib uses) copies each glyph's bytes as they are and, when the subset is
// small, writes the short 'loca' format, which stores offsets halved: a glyph of odd length shifts
// every glyph after it by one byte, and those print blank. Noto Sans SC stores half its glyphs at
// odd lengths (DejaVu none), so its subset lost about every other Chinese character. Padding every
// glyph to an even length (zeros after a glyph are allowed by the TrueType format) makes the subset
// whole; the rest of the font is copied unchanged.

type Table = { tag: string; checksum: number; offset: number; length: number };

function readTables(font: Buffer): Table[] {
  const count = font.readUInt16BE(4);
  return Array.from({ length: count }, (_, index) => {
    const at = 12 + 16 * index;
    return {
      tag: font.toString('latin1', at, at + 4),
      checksum: font.readUInt32BE(at + 4),
      offset: font.readUInt32BE(at + 8),
      length: font.readUInt32BE(at + 12),
    };
  });
}

const align4 = (n: number) => (n + 3) & ~3;

/** The font with every glyph at an even length; the same bytes when it already is (or is not TrueType). */
export function padGlyphsToEvenLength(font: Buffer): Buffer {
  const tables = readTables(font);
  const byTag = new Map(tables.map((table) => [table.tag, table]));
  const [head, loca, glyf, maxp] = ['head', 'loca', 'glyf', 'maxp'].map((tag) => byTag.get(tag));
  // The short format already implies even lengths.
  if (!head || !loca || !glyf || !maxp || font.readInt16BE(head.offset + 50) !== 1) return font;
  const glyphs = font.readUInt16BE(maxp.offset + 4);
  const offsets = Array.from({ length: glyphs + 1 }, (_, i) => font.readUInt32BE(loca.offset + 4 * i));
  if (offsets.every((offset) => offset % 2 === 0)) return font;

  const newGlyf = Buffer.alloc(glyf.length + glyphs);
  const newLoca = Buffer.alloc(4 * (glyphs + 1));
  let at = 0;
  for (let i = 0; i < glyphs; i++) {
    newLoca.writeUInt32BE(at, 4 * i);
    const length = offsets[i + 1]! - offsets[i]!;
    font.copy(newGlyf, at, glyf.offset + offsets[i]!, glyf.offset + offsets[i + 1]!);
    at += length + (length % 2);
  }
  newLoca.writeUInt32BE(at, 4 * glyphs);
  const replaced = new Map([
    ['glyf', newGlyf.subarray(0, at)],
    ['loca', newLoca],
  ]);

  // Same header and table order; each table at a 4-byte boundary, as the format asks.
  const body = (table: Table) => replaced.get(table.tag) ?? font.subarray(table.offset, table.offset + table.length);
  const headerLength = 12 + 16 * tables.length;
  const total = tables.reduce((sum, table) => sum + align4(body(table).length), headerLength);
  const out = Buffer.alloc(total);
  font.copy(out, 0, 0, 12);
  let offset = headerLength;
  tables.forEach((table, index) => {
    const bytes = body(table);
    const entry = 12 + 16 * index;
    out.write(table.tag, entry, 'latin1');
    // fontkit and PDF readers do not check table checksums; the old ones are kept.
    out.writeUInt32BE(table.checksum, entry + 4);
    out.writeUInt32BE(offset, entry + 8);
    out.writeUInt32BE(bytes.length, entry + 12);
    bytes.copy(out, offset);
    offset += align4(bytes.length);
  });
  return out;
}
