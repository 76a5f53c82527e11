import { createMiddleware } from 'hono/factory';
import { badRequest } from '../errors.ts';
import type { AppEnv } from './context.ts';

// PostgreSQL refuses U+0000 in text, so a NUL that reached a query would be a 500. No field of this
// API has a use for it: it is refused at the edge, with the field it was found in.

const NUL = '\u0000';
const MESSAGE = 'Must not contain NUL characters';
const jsonType = /^application\/([\w.-]+\+)?json$/i;

function findNuls(value: unknown, path: string[], found: Record<string, string>) {
  if (typeof value === 'string') {
    if (value.includes(NUL)) found[path.join('.') || '_'] ??= MESSAGE;
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => findNuls(item, [...path, String(i)], found));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      findNuls(key, path, found);
      findNuls(item, [...path, key.replaceAll(NUL, '')], found);
    }
  }
}

/** Refuses NUL characters in the path parameters, the query and a JSON body with 400. */
export const rejectNulBytes = createMiddleware<AppEnv>(async (c, next) => {
  const found: Record<string, string> = {};
  findNuls(c.req.param(), [], found);
  findNuls(c.req.queries(), [], found);
  const mediaType = c.req.header('content-type')?.split(';')[0]?.trim() ?? '';
  if (c.req.raw.body && jsonType.test(mediaType)) {
    // Read as bytes first, so every later reader (the Idempotency-Key hash, the validator) shares them.
    const text = new TextDecoder().decode(await c.req.arrayBuffer());
    if (text.includes(NUL) || /\\u0000/i.test(text)) {
      try {
        findNuls(JSON.parse(text), [], found);
      } catch {
        // Not JSON: the validator answers that.
      }
    }
  }
  // Multi-valued queries come back as arrays: name the parameter, not its index.
  const errors = Object.fromEntries(
    Object.entries(found).map(([path, message]) => [path.replace(/\.\d+$/, ''), message]),
  );
  if (Object.keys(errors).length) {
    const [field = '_'] = Object.keys(errors);
    throw field === '_'
      ? badRequest('requestHasNul', {}, errors)
      : badRequest('invalidField', { field, detail: MESSAGE }, errors);
  }
  await next();
});
