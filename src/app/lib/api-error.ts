/** A failed answer from our API: `{ result: false, message, errors? }` with its HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string>;
  readonly body: unknown;
  /** The server's error code (DATABASE_UNAVAILABLE, CONFLICT…), when it gave one. */
  readonly code: string | undefined;

  constructor(status: number, body: unknown) {
    const envelope = (typeof body === 'object' && body !== null ? body : {}) as {
      message?: unknown;
      errors?: unknown;
      code?: unknown;
    };
    super(typeof envelope.message === 'string' && envelope.message ? envelope.message : '');
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.code = typeof envelope.code === 'string' ? envelope.code : undefined;
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
    (error.code === 'DATABASE_UNAVAILABLE' || error.code === 'SHUTTING_DOWN')
  );
}
