import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';

/** Below this a JSON answer goes as it is: gzip's framing would cost more than it saves. */
const COMPRESS_ABOVE_BYTES = 1024;

/**
 * Compresses dynamic answers (JSON, the app's HTML fallback) for a client that accepts gzip.
 * Built files carry their own brotli and gzip copies (made at build time, see static.ts), and event
 * streams are never compressed: a compressor buffers, and a notification must arrive when it is sent.
 */
export function compressResponses(): MiddlewareHandler[] {
  // Hono's compress honours its threshold only when the length is known: a JSON answer is already
  // whole in memory, so give it its length before compress looks.
  const measureJson: MiddlewareHandler = async (c, next) => {
    await next();
    const type = c.res.headers.get('content-type') ?? '';
    if (!type.startsWith('application/json') || c.res.headers.has('content-length') || !c.res.body) return;
    const body = await c.res.arrayBuffer();
    const measured = new Response(body, c.res);
    measured.headers.set('content-length', String(body.byteLength));
    c.res = measured;
  };
  return [compress({ threshold: COMPRESS_ABOVE_BYTES }), measureJson];
}
