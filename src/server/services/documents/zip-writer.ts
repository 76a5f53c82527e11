import { once } from 'node:events';
import { constants, crc32, createDeflateRaw } from 'node:zlib';

// A ZIP archive written as a stream (what an XLSX file is): each entry's deflated bytes leave as
// they are made, its CRC and sizes follow in a data descriptor (flag bit 3), and the central
// directory closes the archive. Written here because exceljs's writer, which zips through
// archiver, spent most of a report's time on its per-cell style bookkeeping (see xlsx-writer.ts).

/** Text or bytes of one entry, given as they are made. */
export type EntryContent = string | AsyncIterable<string>;

type Written = { name: Buffer; crc: number; compressed: number; size: number; offset: number };

const LIMIT = 0xffff_ffff;
// MS-DOS date and time of 1 January 1980 00:00: the entries carry no meaningful modification time.
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

function header(size: number, fields: [number, 2 | 4][]) {
  const bytes = Buffer.alloc(size);
  let at = 0;
  for (const [value, width] of fields) {
    if (width === 2) bytes.writeUInt16LE(value, at);
    else bytes.writeUInt32LE(value >>> 0, at);
    at += width;
  }
  return bytes;
}

/**
 * The archive of `entries`, in order, as chunks. Level 1 deflate: the sheet's XML is repetitive,
 * so it still shrinks about tenfold, at a fraction of the default level's time.
 */
export async function* zipStream(entries: AsyncIterable<[string, EntryContent]>): AsyncGenerator<Buffer> {
  const written: Written[] = [];
  let offset = 0;
  for await (const [entryName, content] of entries) {
    const name = Buffer.from(entryName, 'utf8');
    // Version 2.0, flags: sizes in a data descriptor (bit 3), UTF-8 names (bit 11); deflate.
    const local = Buffer.concat([
      header(30, [
        [0x04034b50, 4],
        [20, 2],
        [0x0808, 2],
        [8, 2],
        [DOS_TIME, 2],
        [DOS_DATE, 2],
        [0, 4],
        [0, 4],
        [0, 4],
        [name.length, 2],
        [0, 2],
      ]),
      name,
    ]);
    yield local;
    const entry: Written = { name, crc: 0, compressed: 0, size: 0, offset };
    offset += local.length;
    const deflate = createDeflateRaw({ level: 1, strategy: constants.Z_DEFAULT_STRATEGY });
    const feeding = (async () => {
      const texts = typeof content === 'string' ? [content] : content;
      for await (const text of texts) {
        const bytes = Buffer.from(text, 'utf8');
        entry.crc = crc32(bytes, entry.crc);
        entry.size += bytes.length;
        if (!deflate.write(bytes)) await once(deflate, 'drain');
      }
      deflate.end();
    })().catch((error: unknown) => deflate.destroy(error instanceof Error ? error : new Error(String(error))));
    for await (const chunk of deflate as AsyncIterable<Buffer>) {
      entry.compressed += chunk.length;
      yield chunk;
    }
    await feeding;
    if (entry.size > LIMIT || entry.compressed > LIMIT || offset + entry.compressed > LIMIT)
      throw new Error('The file is too large for a ZIP archive without ZIP64.');
    offset += entry.compressed;
    const descriptor = header(16, [
      [0x08074b50, 4],
      [entry.crc, 4],
      [entry.compressed, 4],
      [entry.size, 4],
    ]);
    yield descriptor;
    offset += descriptor.length;
    written.push(entry);
  }
  const directory = written.map((entry) =>
    Buffer.concat([
      header(46, [
        [0x02014b50, 4],
        [20, 2],
        [20, 2],
        [0x0808, 2],
        [8, 2],
        [DOS_TIME, 2],
        [DOS_DATE, 2],
        [entry.crc, 4],
        [entry.compressed, 4],
        [entry.size, 4],
        [entry.name.length, 2],
        [0, 2],
        [0, 2],
        [0, 2],
        [0, 2],
        [0, 4],
        [entry.offset, 4],
      ]),
      entry.name,
    ]),
  );
  const size = directory.reduce((sum, part) => sum + part.length, 0);
  yield* directory;
  yield header(22, [
    [0x06054b50, 4],
    [0, 2],
    [0, 2],
    [written.length, 2],
    [written.length, 2],
    [size, 4],
    [offset, 4],
    [0, 2],
  ]);
}
