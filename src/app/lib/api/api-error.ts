/** The values a server message names; a list is the alternatives an action needs. */
export type ErrorParams = Record<string, string | number | string[]>;

/**
 * A failed answer from our API: `{ result: false, message, code, params, errors? }` with its HTTP
 * status. `code` and `params` let the app say it in the user's language (translateError).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string>;
  readonly body: unknown;
  /** The server's message code (catalogue src/shared/server-messages.ts), when it gave one. */
  readonly code: string | undefined;
  readonly params: ErrorParams;

  constructor(status: number, body: unknown) {
    const envelope = (typeof body === 'object' && body !== null ? body : {}) as {
      message?: unknown;
      errors?: unknown;
      code?: unknown;
      params?: unknown;
    };
    super(typeof envelope.message === 'string' && envelope.message ? envelope.message : '');
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.code = typeof envelope.code === 'string' ? envelope.code : undefined;
    this.params =
      typeof envelope.params === 'object' && envelope.params !== null ? (envelope.params as ErrorParams) : {};
    this.errors =
      typeof envelope.errors === 'object' && envelope.errors !== null
        ? (envelope.errors as Record<string, string>)
        : {};
  }
}

/** fetch rejects with a TypeError when no answer came back at all (offline, DNS, refused...). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError && !(error instanceof ApiError);
}

/**
 * The server answered, but cannot do the work just now: its database is away (an outage it reports
 * itself) or it is restarting. Nothing was done; the outbox sends bench work again later.
 */
export function isServerUnavailable(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 503 &&
    (error.code === 'DATABASE_UNAVAILABLE' || error.code === 'shuttingDown')
  );
}
