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
  readonly code?: string;
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
