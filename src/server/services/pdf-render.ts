// Every PDF the server makes (certificates of analysis, custody records, sample labels) is drawn in
// a worker thread (pdf-job.ts), as an import's spreadsheet is read in one: laying out long texts and
// signing take CPU time that would otherwise stop the server answering anyone. A small pool of
// workers stays up (the fonts are read once per worker); each document has a time and a memory
// budget, and a worker past either is stopped and replaced, and the request answered 503.
import { Worker } from 'node:worker_threads';
import { AppError } from '../errors.ts';
import type { PdfJob, PdfJobAnswer } from './pdf-job.ts';

const pdfLimits = {
  /** Documents drawn at once, one per worker thread: the machine's cores are shared with the API. */
  workers: 2,
  /** Documents that may wait for a worker; past that a request is answered 429 pdfsBusy. */
  waiting: 32,
  /** A worker's heap: the largest certificate or custody record takes a few tens of MiB. */
  memoryMiB: 256,
};

/** The time budget of one document in seconds (PDF_RENDER_SECONDS), set when the app is made. */
let renderSeconds = 20;

export function configurePdfRendering(settings: { seconds: number }): void {
  renderSeconds = settings.seconds;
}

const idle: Worker[] = [];
let drawing = 0;
const queue: (() => void)[] = [];
let nextJobId = 0;

/** Settles when the worker has loaded its code and fonts: a document's budget starts then. */
const readiness = new WeakMap<Worker, Promise<void>>();

function startWorker(): Worker {
  const worker = new Worker(new URL('./pdf-worker.mjs', import.meta.url), {
    workerData: { job: 'renderPdf' },
    resourceLimits: { maxOldGenerationSizeMb: pdfLimits.memoryMiB },
  });
  const ready = new Promise<void>((resolve, reject) => {
    const onReady = (message: PdfJobAnswer) => {
      if (!('ready' in message)) return;
      worker.off('message', onReady);
      resolve();
    };
    worker.on('message', onReady);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the PDF worker stopped with code ${code} while starting`)));
  });
  // A worker started ahead of need may fail before anyone waits for it: the next document sees it.
  ready.catch(() => undefined);
  readiness.set(worker, ready);
  // A worker that fails while idle is dropped; the next document starts a new one.
  worker.on('error', () => undefined);
  worker.on('exit', () => {
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
  });
  return worker;
}

/** Starts the pool's workers ahead of the first document, which then need not wait for one to load. */
export function startPdfWorkers(): void {
  while (idle.length + drawing < pdfLimits.workers) {
    const worker = startWorker();
    worker.unref();
    idle.push(worker);
  }
}

/** Waits for a free worker slot, or refuses at once when too many documents wait already. */
async function takeSlot(): Promise<void> {
  if (drawing < pdfLimits.workers) {
    drawing++;
    return;
  }
  if (queue.length >= pdfLimits.waiting) throw new AppError('TOO_MANY_REQUESTS', 'pdfsBusy', { count: queue.length });
  // The slot is handed over by the document that finishes: `drawing` stays as it is.
  await new Promise<void>((resolve) => queue.push(resolve));
}

function releaseSlot(): void {
  const next = queue.shift();
  if (next) next();
  else drawing--;
}

/**
 * Draws the PDF in a worker thread. Rejects with 503 pdfTooSlow past PDF_RENDER_SECONDS (counted
 * from when a worker, its code and fonts loaded, takes the document) and 503 pdfNeedsTooMuchMemory past the worker's heap, and
 * with the worker's own error when drawing fails.
 */
export async function renderPdf(job: PdfJob): Promise<Uint8Array> {
  await takeSlot();
  try {
    const worker = idle.pop() ?? startWorker();
    worker.ref();
    try {
      await readiness.get(worker);
    } catch (error) {
      void worker.terminate();
      throw error;
    }
    return await drawIn(worker, job);
  } finally {
    releaseSlot();
  }
}

function drawIn(worker: Worker, job: PdfJob): Promise<Uint8Array> {
  const id = ++nextJobId;
  const seconds = renderSeconds;
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (keepWorker: boolean, finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (keepWorker) {
        // An idle worker does not keep the process alive.
        worker.unref();
        idle.push(worker);
      } else void worker.terminate();
      finish();
    };
    const timer = setTimeout(
      () => settle(false, () => reject(new AppError('PDF_UNAVAILABLE', 'pdfTooSlow', { seconds }))),
      seconds * 1000,
    );
    const onMessage = (answer: PdfJobAnswer) => {
      if ('ready' in answer || answer.id !== id) return;
      if ('pdf' in answer) settle(true, () => resolve(answer.pdf));
      else settle(true, () => reject(new Error(`drawing the PDF failed: ${answer.failed}`)));
    };
    const onError = (error: Error & { code?: string }) =>
      settle(false, () =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new AppError('PDF_UNAVAILABLE', 'pdfNeedsTooMuchMemory', { mib: pdfLimits.memoryMiB })
            : error,
        ),
      );
    const onExit = (code: number) =>
      settle(false, () => reject(new Error(`the PDF worker stopped with code ${code} before it finished`)));
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
    worker.postMessage({ id, job });
  });
}
