import { createMiddleware } from 'hono/factory';
import { badRequest } from '../errors.ts';
import type { AppEnv } from './context.ts';

// A JSON body nested thousands of levels deep parses, but everything that walks it afterwards
// (validation, the NUL check, the sync batch re-sending each change) recurses once per level and
// runs out of stack: a 500. The deepest bodies the product sends (analyses to save, a booking's
// samples with their expected origins) are 4 levels, 7 inside a sync batch; 32 leaves room for any
// honest client and refuses the rest with a 400 before anything parses it.

export const MAX_JSON_DEPTH = 32;

const jsonType = /^application\/([\w.-]+\+)?json$/i;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether the JSON text nests arrays and objects deeper than `max`, read once from start to end.
 * It counts [ and { outside strings on the UTF-8 bytes: these marks, the quote and the backslash
 * never occur inside a multi-byte character. Malformed text is left to the parser to refuse.
 */
export function nestsDeeperThan(bytes: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
      if (++depth > max) return true;
    } else if (byte === CLOSE_BRACKET || byte === CLOSE_BRACE) depth--;
  }
  return false;
}

/** Refuses a JSON body nested deeper than MAX_JSON_DEPTH with 400 (code bodyTooDeep). */
export const limitJsonDepth = createMiddleware<AppEnv>(async (c, next) => {
  const mediaType = c.req.header('content-type')?.split(';')[0]?.trim() ?? '';
  if (c.req.raw.body && jsonType.test(mediaType)) {
    // Read as bytes (within the body limit), so every later reader shares them.
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (nestsDeeperThan(bytes, MAX_JSON_DEPTH)) throw badRequest('bodyTooDeep', { depth: MAX_JSON_DEPTH });
  }
  await next();
});
