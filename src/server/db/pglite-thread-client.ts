import { Worker } from 'node:worker_threads';

// The server's side of the embedded database's thread (pglite-thread.mjs): the few calls Drizzle's
// PGlite driver, the migrations and the backups make (query, exec, transaction, dumpDataDir,
// close), each sent as a message. The server's thread stays free while a statement runs, so a
// slow list search no longer holds every other request; PGlite still runs one statement at a time.

type ThreadQueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> };
type ThreadResults<T = Record<string, unknown>> = {
  rows: T[];
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
};

/** The calls Drizzle's PGlite driver makes inside a transaction. */
type ThreadTransaction = {
  query: <T>(sql: string, params?: unknown[], options?: ThreadQueryOptions) => Promise<ThreadResults<T>>;
  exec: (sql: string) => Promise<ThreadResults[]>;
};

export type PgliteThread = ThreadTransaction & {
  readonly waitReady: Promise<void>;
  transaction: <T>(work: (tx: ThreadTransaction) => Promise<T>) => Promise<T>;
  dumpDataDir: (compression?: 'gzip' | 'none' | 'auto') => Promise<Blob>;
  close: () => Promise<void>;
};

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: Record<string, unknown> };

/** An error as PGlite raised it on its thread: same message, SQLSTATE code, constraint, detail. */
function raised(plain: Record<string, unknown>): Error {
  const error = new Error(String(plain.message));
  const { message: _message, stack, ...fields } = plain;
  Object.assign(error, fields);
  if (typeof stack === 'string') error.stack = `${stack}\n    (on the embedded database's thread)`;
  return error;
}

/**
 * Starts PGlite (in memory, or on `dataDir`) on a thread of its own. A thread that stops answers
 * every waiting and later call with SQLSTATE 57P01, which the server treats as "database away".
 */
export function startPgliteThread(dataDir: string | undefined, onStopped: (error: Error) => void): PgliteThread {
  const worker = new Worker(new URL('./pglite-thread.mjs', import.meta.url), { workerData: { dataDir } });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let nextTransaction = 1;
  let stopped: Error | undefined;
  let closing = false;

  // Like PGlite in this thread, an idle database does not keep the process alive; a call does.
  worker.unref();
  const settle = (id: number) => {
    pending.delete(id);
    if (pending.size === 0) worker.unref();
  };

  worker.on('message', (reply: Reply) => {
    const call = pending.get(reply.id);
    if (!call) return;
    settle(reply.id);
    if (reply.ok) call.resolve(reply.result);
    else call.reject(raised(reply.error));
  });
  const stop = (cause: unknown) => {
    if (stopped) return;
    stopped = Object.assign(new Error('The embedded database stopped.', { cause }), { code: '57P01' });
    for (const [id, call] of pending) {
      settle(id);
      call.reject(stopped);
    }
    if (!closing) onStopped(stopped);
  };
  worker.on('error', stop);
  worker.on('exit', (code) => stop(new Error(`The embedded database's thread exited (${code}).`)));

  const call = <T>(message: Record<string, unknown>): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    if (pending.size === 0) worker.ref();
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  };

  const runnerOn = (tx: number | undefined): ThreadTransaction => ({
    query: (sql, params, options) =>
      call({
        op: 'query',
        tx,
        sql,
        params,
        options: options && {
          rowMode: options.rowMode,
          // Drizzle passes a parser per type only to keep its text as PostgreSQL wrote it.
          textTypes: Object.keys(options.parsers ?? {}).map(Number),
        },
      }),
    exec: (sql) => call({ op: 'exec', tx, sql }),
  });

  const waitReady = call<void>({ op: 'ready' });
  // A database that cannot start (a data directory it cannot open) is away until the server restarts.
  waitReady.catch((error: unknown) => {
    stop(error);
    void worker.terminate();
  });
  return {
    ...runnerOn(undefined),
    waitReady,
    transaction: async (work) => {
      const tx = nextTransaction++;
      await call({ op: 'begin', tx });
      let result;
      try {
        result = await work(runnerOn(tx));
      } catch (error) {
        await call({ op: 'rollback', tx }).catch(() => undefined);
        throw error;
      }
      await call({ op: 'commit', tx });
      return result;
    },
    dumpDataDir: async (compression) => {
      const bytes = await call<Uint8Array>({ op: 'dump', compression });
      return new Blob([bytes as Uint8Array<ArrayBuffer>]);
    },
    close: async () => {
      if (stopped) return;
      closing = true;
      await call({ op: 'close' });
      await worker.terminate();
    },
  };
}
