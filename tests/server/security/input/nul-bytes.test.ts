import { describe, expect, it } from 'vitest';
import {
  buildDocument,
  fillPath,
  listOperations,
  operationName,
  resolveSchema,
  type SchemaObject,
} from '../../support/api-operations.ts';
import { ADMIN, useTestApp } from '../../support/test-app.ts';

// A NUL character (which PostgreSQL refuses in text) is a 400 at the edge, on
// every operation, anonymous sign-in included, never a 500.

const t = useTestApp();
const NUL_TEXT = 'a\u0000b';
const MESSAGE = 'Must not contain NUL characters';

const document = buildDocument();
const operations = listOperations(document);

/** A body with NUL text in every string field the schema names (one level deep is where forms keep text). */
function nulBody(schema: SchemaObject | undefined): Record<string, unknown> {
  const resolved = resolveSchema(document, schema);
  const body: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(resolved?.properties ?? {})) {
    const type = resolveSchema(document, property)?.type;
    body[key] = type === 'array' ? [NUL_TEXT] : NUL_TEXT;
  }
  return body;
}

describe('[SECURITY] NUL characters', () => {
  it('refuses NUL in an anonymous sign-in with 400', async () => {
    const res = await t.request('POST', '/api/auth', { body: { email: `admin${'\u0000'}`, password: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ result: false, errors: { email: MESSAGE } });
    // The lab still signs in.
    await t.signIn(ADMIN.username, ADMIN.password);
  });

  it('refuses NUL in a JSON field, a query parameter and a path parameter with 400', async () => {
    const admin = await t.signInAsAdmin();
    const create = await t.request('POST', '/api/country', {
      token: admin,
      body: { code: 'FR', name: 'Fr\u0000ance' },
    });
    expect(create.status).toBe(400);
    expect(create.body.errors).toEqual({ name: MESSAGE });
    const search = await t.request('GET', '/api/country?search=a%00b', { token: admin });
    expect(search.status).toBe(400);
    expect(search.body.errors).toEqual({ search: MESSAGE });
    const ping = await t.request('POST', '/api/notification/ping/a%00b', { token: admin });
    expect(ping.status).toBe(400);
    expect(ping.body.errors).toEqual({ message: MESSAGE });
  });

  it.each(operations.map((op) => [operationName(op), op] as const))('%s never answers 5xx to NUL', async (_, op) => {
    const admin = await t.signInAsAdmin();
    const url = fillPath(op.path, () => NUL_TEXT);
    const query = op.parameters
      .filter((p) => p.in === 'query')
      .map((p) => `${p.name}=${encodeURIComponent(NUL_TEXT)}`)
      .join('&');
    const res = await t.request(op.method, query ? `${url}?${query}` : url, {
      token: admin,
      ...(op.jsonBody ? { body: nulBody(op.jsonBody) } : {}),
    });
    expect(res.status, String(JSON.stringify(res.body)).slice(0, 300)).toBeLessThan(500);
  });
});
