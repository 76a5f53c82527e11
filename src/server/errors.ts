import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { serverMessage, type ServerMessageCode, type ServerMessageParams } from '../shared/server-messages.ts';

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
  | 'QUERY_TIMEOUT'
  | 'SHUTTING_DOWN'
  | 'PDF_UNAVAILABLE';

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
  // 504, not 503: the database is up and answered, this one statement ran too long. Monitors, load
  // balancers and the outbox read 503 DATABASE_UNAVAILABLE as an outage worth retrying; re-sending
  // the same slow query is not.
  QUERY_TIMEOUT: 504,
  SHUTTING_DOWN: 503,
  // A PDF that could not be drawn within its time or memory budget: the server stopped drawing it so
  // that it keeps answering everyone else. 503, as the work may succeed when the server is less busy.
  PDF_UNAVAILABLE: 503,
};

/**
 * The one error type thrown across the API boundary: a kind (its HTTP status), a message code from
 * the shared catalogue with the values it names, the English message built from them, and
 * optionally field errors keyed by dotted path or extra data (the current record on a stale write).
 */
export class AppError extends Error {
  readonly kind: ErrorCode;
  readonly status: ContentfulStatusCode;
  readonly code: ServerMessageCode;
  readonly params: ServerMessageParams;
  readonly errors?: Record<string, string>;
  readonly data?: unknown;

  constructor(
    kind: ErrorCode,
    code: ServerMessageCode,
    params: ServerMessageParams = {},
    extra: { errors?: Record<string, string>; data?: unknown } = {},
  ) {
    super(serverMessage(code, params));
    this.kind = kind;
    this.status = statusOf[kind];
    this.code = code;
    this.params = params;
    this.errors = extra.errors;
    this.data = extra.data;
  }
}

export const badRequest = (code: ServerMessageCode, params?: ServerMessageParams, errors?: Record<string, string>) =>
  new AppError('BAD_REQUEST', code, params, { errors });
export const notFound = (code: ServerMessageCode, params?: ServerMessageParams) =>
  new AppError('NOT_FOUND', code, params);
export const conflict = (code: ServerMessageCode, params?: ServerMessageParams, data?: unknown) =>
  new AppError('CONFLICT', code, params, { data });
export const forbidden = (code: ServerMessageCode = 'forbidden') => new AppError('FORBIDDEN', code);
export const unauthorized = (code: ServerMessageCode = 'sessionExpired') => new AppError('UNAUTHORIZED', code);
/** The database cannot be reached (restarting, failing over, refusing connections): try again shortly. */
export const databaseUnavailable = () => new AppError('DATABASE_UNAVAILABLE', 'DATABASE_UNAVAILABLE');
/** A statement ran past the statement timeout (or was cancelled): the database itself is fine. */
export const queryTimedOut = () => new AppError('QUERY_TIMEOUT', 'QUERY_TIMEOUT');
/** This server is stopping (a deploy or a restart): nothing was done; send it again. */
export const shuttingDown = () => new AppError('SHUTTING_DOWN', 'shuttingDown');
