// Reads a run's file in a worker thread (measurement-run-read-job.ts) under the limits of every
// spreadsheet import (file-reader-worker.ts). Resolves with the analyses, or rejects with the 400 naming
// the fault.
import type { ParsedRun } from './measurement-run-file.ts';
import type { RunReadMessage } from './measurement-run-read-job.ts';
import { readFileInWorker } from '../documents/file-reader-worker.ts';

export function readRunInWorker(file: File): Promise<ParsedRun> {
  return readFileInWorker<Exclude<RunReadMessage, { kind: 'refused' }>, ParsedRun>({
    file,
    entry: new URL('./measurement-run-read-worker.mjs', import.meta.url),
    workerData: (bytes) => ({ job: 'readRunFile', bytes }),
    receive: (message) => ({ done: message.run }),
  });
}
