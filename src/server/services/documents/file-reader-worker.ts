// Reads an uploaded file in a worker thread, so the server keeps answering however large or hostile
// the file: the worker has a memory limit of its own (importLimits.readerMemoryMiB), is stopped after
// importLimits.readSeconds, and at most importLimits.concurrentReads files are read at once, whichever
// import they belong to. The job (a *-job.ts module started by its plain-JavaScript entry) posts what it
// read, and a refusal as { kind: 'refused', error } carrying the 400 that names the fault.
import { Worker } from 'node:worker_threads';
import { importLimits } from '../../../shared/schemas/clean-isotope.ts';
import { AppError, badRequest } from '../../errors.ts';

type ReaderRefusal = {
  kind: 'refused';
  error: Pick<AppError, 'kind' | 'code' | 'params' | 'errors' | 'data'>;
};

/** Files being read now, by every import together. */
let reading = 0;

export async function readFileInWorker<Message extends { kind: string }, Result>({
  file,
  entry,
  workerData,
  receive,
}: {
  file: File;
  /** The worker's entry (a .mjs file beside its job). */
  entry: URL;
  /** What the job is told, given the file's bytes (which move to the worker, not copied). */
  workerData: (bytes: ArrayBuffer) => Record<string, unknown>;
  /** Takes each message but a refusal; answers `{ done }` with the result once the reading ended. */
  receive: (message: Message) => { done: Result } | undefined;
}): Promise<Result> {
  if (reading >= importLimits.concurrentReads)
    throw new AppError('TOO_MANY_REQUESTS', 'importsBusy', { count: importLimits.concurrentReads });
  reading++;
  try {
    const bytes = await file.arrayBuffer();
    return await new Promise<Result>((resolve, reject) => {
      let settled = false;
      const worker = new Worker(entry, {
        workerData: workerData(bytes),
        transferList: [bytes],
        resourceLimits: { maxOldGenerationSizeMb: importLimits.readerMemoryMiB },
      });
      const settle = (finish: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void worker.terminate();
        finish();
      };
      const timer = setTimeout(
        () =>
          settle(() =>
            reject(
              badRequest(
                'importTooSlow',
                { seconds: importLimits.readSeconds },
                { file: `Reading the file took longer than ${importLimits.readSeconds} seconds` },
              ),
            ),
          ),
        importLimits.readSeconds * 1000,
      );
      worker.on('message', (message: Message | ReaderRefusal) => {
        if (message.kind === 'refused') {
          const { kind, code, params, errors, data } = (message as ReaderRefusal).error;
          settle(() => reject(new AppError(kind, code, params, { errors, data })));
          return;
        }
        const answer = receive(message as Message);
        if (answer) settle(() => resolve(answer.done));
      });
      worker.once('error', (error: Error & { code?: string }) =>
        settle(() =>
          reject(
            error.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? badRequest(
                  'importNeedsTooMuchMemory',
                  { mib: importLimits.readerMemoryMiB },
                  { file: `Reading the file needs more than ${importLimits.readerMemoryMiB} MiB` },
                )
              : error,
          ),
        ),
      );
      worker.once('exit', (code) =>
        settle(() => reject(new Error(`the file reader stopped with code ${code} before it finished`))),
      );
    });
  } finally {
    reading--;
  }
}
