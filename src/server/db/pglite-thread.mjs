// The embedded database on a thread of its own. PGlite runs PostgreSQL compiled to
// WebAssembly, synchronously: on the server's own thread a slow list search held every other
// request, even a static file, until it finished. Here it runs in a worker thread, and the server
// talks to it through pglite-thread-client.ts. Plain JavaScript so that the same file loads under
// tsx, vitest and Node alike (a worker is not passed through their TypeScript loaders).
//
// Messages in: { id, op, ... }; out: { id, ok: true, result } or { id, ok: false, error }.
// A transaction is held open here, on PGlite's own transaction (so its statements run in order on
// the one connection, and every other statement waits until it commits or rolls back, as PGlite
// does in one thread), until the server says `commit` or `rollback`.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** @typedef {{ rowMode?: 'array' | 'object', textTypes?: number[] }} QueryOptions */

// pg_trgm: the trigram indexes behind the lists' search (migration 0006).
const client = new PGlite({ dataDir: workerData?.dataDir, extensions: { pg_trgm } });

/** Open transactions by id: the PGlite transaction and how to end it. */
const transactions = new Map();

/**
 * Functions cannot cross threads: the server names the types whose text it keeps as it came
 * (Drizzle keeps dates, timestamps and intervals as PostgreSQL wrote them).
 * @param {QueryOptions | undefined} options
 */
function queryOptions(options) {
  if (!options) return undefined;
  const parsers = {};
  for (const type of options.textTypes ?? []) parsers[type] = (value) => value;
  return { rowMode: options.rowMode, parsers };
}

/** The error's own fields (SQLSTATE code, constraint, detail…) as plain data. */
function plainError(error) {
  const plain = { message: String(error?.message ?? error), name: error?.name ?? 'Error', stack: error?.stack };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (value === undefined || typeof value === 'function') continue;
      if (key === 'queryOptions') continue; // holds the parsers
      try {
        structuredClone(value);
        plain[key] = value;
      } catch {
        // not data; left behind
      }
    }
  }
  return plain;
}

function plainResult(result) {
  const { rows, affectedRows, fields } = result;
  return { rows, affectedRows, fields };
}

/** Runs a statement on an open transaction, or on the database (waiting for any open one). */
function runner(message) {
  if (message.tx === undefined) return client;
  const open = transactions.get(message.tx);
  if (!open) throw new Error(`No open transaction ${message.tx}`);
  return open.tx;
}

async function begin(id) {
  return new Promise((started, failed) => {
    let settle;
    const ended = new Promise((resolve, reject) => (settle = { resolve, reject }));
    const done = client
      .transaction(async (tx) => {
        transactions.set(id, { tx, settle, done });
        started();
        await ended;
      })
      .finally(() => transactions.delete(id));
    // A BEGIN that failed before the callback ran (once started, the commit or rollback answers).
    done.catch(failed);
  });
}

async function end(id, commit) {
  const open = transactions.get(id);
  if (!open) throw new Error(`No open transaction ${id}`);
  if (commit) {
    open.settle.resolve();
    await open.done;
  } else {
    open.settle.reject(new RollbackRequested());
    await open.done.catch((error) => {
      if (!(error instanceof RollbackRequested)) throw error;
    });
  }
}

class RollbackRequested extends Error {}

const operations = {
  ready: async () => {
    await client.waitReady;
  },
  query: async (message) =>
    plainResult(await runner(message).query(message.sql, message.params, queryOptions(message.options))),
  exec: async (message) => (await runner(message).exec(message.sql)).map(plainResult),
  begin: (message) => begin(message.tx),
  commit: (message) => end(message.tx, true),
  rollback: (message) => end(message.tx, false),
  dump: async (message) => {
    const file = await client.dumpDataDir(message.compression);
    return new Uint8Array(await file.arrayBuffer());
  },
  close: async () => {
    await client.close();
  },
};

parentPort.on('message', async (message) => {
  try {
    const result = await operations[message.op](message);
    const transfer = result instanceof Uint8Array ? [result.buffer] : [];
    parentPort.postMessage({ id: message.id, ok: true, result }, transfer);
  } catch (error) {
    parentPort.postMessage({ id: message.id, ok: false, error: plainError(error) });
  }
});
