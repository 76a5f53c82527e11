// Runs in a worker thread (measurement-run-read-worker.mjs): an instrument's file is read through the
// spreadsheet reader that refuses hostile files (spreadsheet-reader.ts) and parsed into analyses
// (measurement-run-file.ts) away from the server's thread, which keeps answering meanwhile.
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../errors.ts';
import { parseRunFile, type ParsedRun } from './measurement-run-file.ts';
import type { Cells } from '../documents/spreadsheet-limits.ts';
import { readSpreadsheet } from '../documents/spreadsheet-reader.ts';

export type RunReadMessage =
  | { kind: 'read'; run: ParsedRun }
  | { kind: 'refused'; error: Pick<AppError, 'kind' | 'code' | 'params' | 'errors' | 'data'> };

export async function readRunFile(bytes: ArrayBuffer): Promise<ParsedRun> {
  const rows: Cells[] = [];
  await readSpreadsheet(new Uint8Array(bytes), (cells) => {
    rows.push(cells);
  });
  return parseRunFile(rows);
}

if (parentPort && workerData?.job === 'readRunFile') {
  const port = parentPort;
  readRunFile(workerData.bytes as ArrayBuffer)
    .then((run) => port.postMessage({ kind: 'read', run } satisfies RunReadMessage))
    .catch((error: unknown) => {
      if (!(error instanceof AppError)) throw error;
      const { kind, code, params, errors, data } = error;
      port.postMessage({ kind: 'refused', error: { kind, code, params, errors, data } } satisfies RunReadMessage);
    });
}
