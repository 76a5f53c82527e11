import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../errors.ts';
import type { AppEnv } from './context.ts';

const MiB = 1024 * 1024;

/** JSON and form bodies: far above any real form or a full sync batch, far below trouble. */
export const MAX_JSON_BODY = 2 * MiB;
/** Multipart bodies: the largest upload route's files plus framing; each route sets its own tighter limit. */
export const MAX_MULTIPART_BODY = 110 * MiB;

const tooLarge = (max: number) => () => {
  throw new AppError('PAYLOAD_TOO_LARGE', 'bodyTooLarge', { mib: Math.floor(max / MiB) });
};

const jsonLimit = bodyLimit({ maxSize: MAX_JSON_BODY, onError: tooLarge(MAX_JSON_BODY) });
const multipartLimit = bodyLimit({ maxSize: MAX_MULTIPART_BODY, onError: tooLarge(MAX_MULTIPART_BODY) });

/**
 * The outer cap on every API request body, applied before anything reads it (the idempotency
 * layer hashes the body), so a huge request is a 413 and never fills the server's memory.
 */
export const limitRequestBody = createMiddleware<AppEnv>(async (c, next) => {
  const type = c.req.header('content-type')?.toLowerCase() ?? '';
  const limit = type.startsWith('multipart/form-data') ? multipartLimit : jsonLimit;
  return limit(c, next);
});
