// The XLSX file as a zip: its parts, read from the central directory, and each part's bytes
// unpacked in small pieces through a streaming inflater, counted against the unpacking limits as
// they come, so a zip bomb is refused after the few bytes that show it (xlsx-reader.ts reads the XML).
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { AppError, badRequest } from '../../errors.ts';
import { MiB, type SpreadsheetLimits } from './spreadsheet-limits.ts';

export type ZipPart = { name: string; method: number; packedSize: number; unpackedSize: number; headerAt: number };

export const unreadable = () => badRequest('xlsxUnreadable', {}, { file: 'The XLSX file cannot be read' });

/** The parts named by the zip's central directory (read from its end, as unzip does). */
export function zipParts(bytes: Uint8Array, limits: SpreadsheetLimits): Map<string, ZipPart> {
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
export async function unpackPart(
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
