// Whether the database can be reached, and which errors mean it cannot. A PostgreSQL restart,
// failover or pg_terminate_backend cuts every connection at once: each request then fails on its
// own, but the laboratory needs to hear about the outage once, and again once when it is over.

// SQLSTATE classes and codes that say "the server is not there for us right now", not "your query
// is wrong": connection exceptions (08), operator intervention (57P: shutdown, cannot connect now),
// too many connections, and a database that refuses connections
// (ALTER DATABASE … ALLOW_CONNECTIONS false answers 55000 "not currently accepting connections").
// A cancelled statement (57014: statement timeout, a request gone away) came from a server that
// answered: it is one slow query, not an outage (cancellation.ts).
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '57P05', '53300', '53400']);
const NODE_NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
// node-postgres raises these as plain Errors without a code.
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /Query read timeout/,
  /not currently accepting connections/,
  /the database system is (starting up|shutting down|in recovery mode)/,
  /Cannot use a pool after calling end on the pool/,
];

/** True when an error, or any error it wraps (Drizzle wraps the driver's), says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || NODE_NETWORK_CODES.has(code)) return true;
      if (code === '55000' && typeof message === 'string' && /accepting connections/.test(message)) return true;
    }
    if (typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

type AvailabilityChange = { available: false; error: unknown } | { available: true; downForMs: number };

/**
 * Up or down, with listeners told only on a change: the first failure of an outage is reported,
 * the next hundred requests that fail the same way are not; the first good connection after it
 * says the database is back.
 */
export type DatabaseAvailability = {
  readonly isAvailable: boolean;
  markUnavailable: (error: unknown) => void;
  markAvailable: () => void;
  onChange: (listener: (change: AvailabilityChange) => void) => () => void;
};

export function createDatabaseAvailability(): DatabaseAvailability {
  let downSince: number | undefined;
  const listeners = new Set<(change: AvailabilityChange) => void>();
  const tell = (change: AvailabilityChange) => {
    for (const listener of listeners) listener(change);
  };
  return {
    get isAvailable() {
      return downSince === undefined;
    },
    markUnavailable(error) {
      if (downSince !== undefined) return;
      downSince = Date.now();
      tell({ available: false, error });
    },
    markAvailable() {
      if (downSince === undefined) return;
      const downForMs = Date.now() - downSince;
      downSince = undefined;
      tell({ available: true, downForMs });
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
