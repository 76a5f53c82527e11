import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type ErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_REQUESTS'
  | 'DATABASE_UNAVAILABLE'
  | 'SHUTTING_DOWN';

const statusOf: Record<ErrorCode, ContentfulStatusCode> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  DATABASE_UNAVAILABLE: 503,
  SHUTTING_DOWN: 503,
};

/**
 * The one error type thrown across the API boundary: a code, its HTTP status, a message a person
 * can read, and optionally field errors keyed by dotted path or extra data (the current record on a
 * stale write).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: ContentfulStatusCode;
  readonly errors?: Record<string, string>;
  readonly data?: unknown;

  constructor(code: ErrorCode, message: string, extra: { errors?: Record<string, string>; data?: unknown } = {}) {
    super(message);
    this.code = code;
    this.status = statusOf[code];
    this.errors = extra.errors;
    this.data = extra.data;
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new AppError('BAD_REQUEST', message, { errors });
export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found.`);
export const conflict = (message: string, data?: unknown) => new AppError('CONFLICT', message, { data });
export const forbidden = (message = 'You do not have permission to do this.') => new AppError('FORBIDDEN', message);
export const unauthorized = (message = 'Your session has expired.') => new AppError('UNAUTHORIZED', message);
/** The database cannot be reached (restarting, failing over, refusing connections): try again shortly. */
export const databaseUnavailable = () =>
  new AppError('DATABASE_UNAVAILABLE', 'The database is unavailable. Please try again in a moment.');
/** This server is stopping (a deploy or a restart): nothing was done; send it again. */
export const shuttingDown = () =>
  new AppError('SHUTTING_DOWN', 'The server is restarting. Please try again in a moment.');
