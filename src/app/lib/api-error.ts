/** A failed answer from our API: `{ result: false, message, errors? }` with its HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string>;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const envelope = (typeof body === 'object' && body !== null ? body : {}) as {
      message?: unknown;
      errors?: unknown;
    };
    super(typeof envelope.message === 'string' && envelope.message ? envelope.message : '');
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
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
