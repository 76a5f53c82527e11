import { createMiddleware } from 'hono/factory';
import { AppError } from '../errors.ts';
import type { AppEnv } from './context.ts';

const KiB = 1024;
const MiB = 1024 * KiB;

/** Signed-in JSON bodies: far above any real form or a full sync batch, far below trouble. */
export const MAX_JSON_BODY = 2 * MiB;
/** Anonymous JSON bodies (sign-in, reset, the public form): small, since anyone may send them. */
export const MAX_PUBLIC_BODY = 64 * KiB;

function describe(bytes: number): string {
  return bytes >= MiB ? `${Math.floor(bytes / MiB)} MiB` : `${Math.floor(bytes / KiB)} KiB`;
}

const tooLarge = (maxBytes: number) => new AppError('PAYLOAD_TOO_LARGE', 'bodyTooLarge', { size: describe(maxBytes) });

/**
 * Caps a request body without buffering it: a declared Content-Length over the limit is refused
 * before a byte is read, and any other body (chunked, or lying about its length) is counted as it
 * streams to whoever reads it, and cut off with a 413 the moment the count passes the limit. It runs
 * after the sign-in check (see defineRoute), so an anonymous caller never gets a body read at all.
 */
export function limitBody(maxBytes: number) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const raw = c.req.raw;
    if (!raw.body) return next();
    const declared = Number(raw.headers.get('content-length') ?? Number.NaN);
    if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);

    let seen = 0;
    let exceeded = false;
    const counted = raw.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > maxBytes) {
            exceeded = true;
            controller.error(tooLarge(maxBytes));
            return;
          }
          controller.enqueue(chunk);
        },
      }),
    );
    c.req.raw = new Request(raw, { body: counted, duplex: 'half' } as RequestInit);
    await next();
    // Whoever read the body (a validator, the form parser) turned the cut-off into its own error;
    // the caller is told the real reason.
    if (exceeded) throw tooLarge(maxBytes);
  });
}
