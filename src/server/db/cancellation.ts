import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

// A statement whose request has gone away (the tablet closed the page, the client timed out) would
// otherwise run on to the end, holding a pooled connection and the server's time. Each request
// runs in a scope that knows the connections it holds; when its client disconnects, the statements
// on them are cancelled from a separate connection (pg_cancel_backend), and those connections are
// closed rather than handed to another request, so a late cancel can never reach someone else's query.

type RequestScope = { open: boolean; held: Set<pg.PoolClient>; cancelled: Set<pg.PoolClient> };

const requestScope = new AsyncLocalStorage<RequestScope>();

/** SQLSTATE 57014: a statement cancelled by statement_timeout or pg_cancel_backend, not an outage. */
export function isStatementCancelled(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if ((current as { code?: unknown }).code === '57014') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export type CancelOnAbort = <T>(signal: AbortSignal, work: () => Promise<T>) => Promise<T>;

/** Runs work with nothing to cancel: PGlite runs one statement at a time on its own thread, and has no cancel. */
export const runWithoutCancelling: CancelOnAbort = (_signal, work) => work();

/**
 * Makes the pool hand out tracked connections inside a request's scope (drizzle asks the pool for
 * `query` and, for a transaction, `connect`), and returns the function that opens such a scope.
 */
export function cancelStatementsOnAbort(pool: pg.Pool, url: string, connectTimeoutMs: number): CancelOnAbort {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient>;
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;

  async function connectIn(scope: RequestScope): Promise<pg.PoolClient> {
    const client = await connect();
    scope.held.add(client);
    const release = client.release.bind(client);
    client.release = (destroy?: Error | boolean) => {
      scope.held.delete(client);
      return release(scope.cancelled.has(client) ? true : destroy);
    };
    return client;
  }

  pool.connect = ((callback?: unknown) => {
    const scope = requestScope.getStore();
    if (!scope?.open || callback) return connect(callback);
    return connectIn(scope);
  }) as typeof pool.connect;

  pool.query = ((...args: unknown[]) => {
    const scope = requestScope.getStore();
    if (!scope?.open || typeof args.at(-1) === 'function') return query(...args);
    return connectIn(scope).then(async (client) => {
      try {
        const result = await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
        client.release();
        return result;
      } catch (error) {
        // As the pool's own query does: a connection that failed a query is not reused.
        client.release(error as Error);
        throw error;
      }
    });
  }) as typeof pool.query;

  async function cancel(pids: number[]) {
    const canceller = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
    try {
      await canceller.connect();
      await canceller.query('SELECT pg_cancel_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);
    } finally {
      await canceller.end().catch(() => undefined);
    }
  }

  return async (signal, work) => {
    const scope: RequestScope = { open: true, held: new Set(), cancelled: new Set() };
    const onAbort = () => {
      if (!scope.open || scope.held.size === 0) return;
      const clients = [...scope.held];
      for (const client of clients) scope.cancelled.add(client);
      const pids = clients.map((client) => (client as unknown as { processID: number }).processID);
      // A cancel that cannot be sent leaves the statement to its statement_timeout.
      cancel(pids).catch(() => undefined);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      return await requestScope.run(scope, work);
    } finally {
      // Work the request leaves behind (mail, notifications, an open event stream) is not its statement.
      scope.open = false;
      signal.removeEventListener('abort', onAbort);
    }
  };
}
