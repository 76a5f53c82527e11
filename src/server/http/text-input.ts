import { createMiddleware } from 'hono/factory';
import { isWellFormedText, TEXT_NOT_WELL_FORMED } from '../../shared/visible-text.ts';
import { badRequest } from '../errors.ts';
import type { AppEnv } from './context.ts';

// Every text an operation reads (path, query, JSON body, its keys included) is measured here, before
// the Idempotency-Key hash, the schema or anything else looks at it, and on every operation alike,
// anonymous ones included. The schemas then check each field's own limit; this bound makes sure
// no field of any route, however it is validated, ever hands megabytes of text to later work.
//
// Lone UTF-16 surrogates (a JSON escape such as "\ud800" without its partner) are refused here too:
// UTF-8 cannot hold one, so the database would store U+FFFD while the server had hashed, audited and
// answered the text as sent. Well-formed text is the same text everywhere.

/**
 * Above the longest text any field takes (the Guidelines page, 20,000 characters), so that a text
 * just over a field's own limit still gets that field's message; far below a slow text.
 */
export const MAX_TEXT_LENGTH = 32_000;
const TEXT_TOO_LONG = 'Text is too long';

const jsonType = /^application\/([\w.-]+\+)?json$/i;
// A lone surrogate reaches JSON only as an escape: raw bytes of one decode to U+FFFD.
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

type Problem = { field: string; kind: 'long' | 'broken' };

function checkText(value: string, path: string[], found: Problem[]) {
  const field = path.join('.') || '_';
  if (value.length > MAX_TEXT_LENGTH) found.push({ field, kind: 'long' });
  else if (!isWellFormedText(value)) found.push({ field, kind: 'broken' });
}

function findProblems(value: unknown, path: string[], found: Problem[]) {
  if (typeof value === 'string') checkText(value, path, found);
  else if (Array.isArray(value)) value.forEach((item, i) => findProblems(item, [...path, String(i)], found));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      // A key is text too; the field is named by as much of it as is safe to echo back.
      const name = key.length > 100 || !isWellFormedText(key) ? '_' : key;
      checkText(key, [...path, name], found);
      findProblems(item, [...path, name], found);
    }
  }
}

/**
 * Refuses, with 400 and the field named, any text longer than MAX_TEXT_LENGTH or holding a lone
 * surrogate, in the path parameters, the query or a JSON body. Reading it all is linear, and bounded
 * by the operation's body limit, which runs first.
 */
export const checkTextInput = createMiddleware<AppEnv>(async (c, next) => {
  const found: Problem[] = [];
  findProblems(c.req.param(), [], found);
  findProblems(c.req.queries(), [], found);
  const mediaType = c.req.header('content-type')?.split(';')[0]?.trim() ?? '';
  if (c.req.raw.body && jsonType.test(mediaType)) {
    // Read as bytes first, so every later reader (the Idempotency-Key hash, the validator) shares them.
    const text = new TextDecoder().decode(await c.req.arrayBuffer());
    // Only a body longer than the limit can hold a text longer than it, and only an escape can hold
    // a lone surrogate: any other body is passed on without parsing it twice.
    if (text.length > MAX_TEXT_LENGTH || SURROGATE_ESCAPE.test(text)) {
      try {
        findProblems(JSON.parse(text), [], found);
      } catch {
        // Not JSON: the validator answers that.
      }
    }
  }
  if (found.length === 0) return next();
  // Multi-valued queries come back as arrays: name the parameter, not its index.
  const errors: Record<string, string> = {};
  for (const { field, kind } of found) {
    errors[field.replace(/\.\d+$/, '')] ??= kind === 'long' ? TEXT_TOO_LONG : TEXT_NOT_WELL_FORMED;
  }
  const [first] = found;
  const field = first!.field.replace(/\.\d+$/, '');
  throw first!.kind === 'long'
    ? badRequest('textTooLong', { field, max: MAX_TEXT_LENGTH }, errors)
    : badRequest('textNotWellFormed', { field }, errors);
});
