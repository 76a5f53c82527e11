import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../../../src/server/http/json-depth.ts';
import { useTestApp } from '../../support/test-app.ts';

// A JSON body nested thousands of levels deep parsed, then broke whatever walked
// it (inside /api/sync: RangeError at JSON.stringify, a 500). Every JSON body's nesting is now
// bounded before it is parsed, with a 400 naming the limit.

const t = useTestApp();

const nested = (depth: number, inner = '1') => '['.repeat(depth) + inner + ']'.repeat(depth);
const bytes = (text: string) => new TextEncoder().encode(text);

function expectTooDeep(res: { status: number; body: any }) {
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(400);
  expect(res.body).toMatchObject({ result: false, code: 'bodyTooDeep', params: { depth: MAX_JSON_DEPTH } });
  expect(res.body.message).toContain(String(MAX_JSON_DEPTH));
}

describe('[SECURITY] deeply nested JSON bodies', () => {
  it('counts only the brackets outside strings', () => {
    expect(nestsDeeperThan(bytes(nested(MAX_JSON_DEPTH)), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(bytes(nested(MAX_JSON_DEPTH + 1)), MAX_JSON_DEPTH)).toBe(true);
    expect(nestsDeeperThan(bytes(`{"a":${nested(MAX_JSON_DEPTH)}}`), MAX_JSON_DEPTH)).toBe(true);
    // Brackets inside a string, escaped quotes and multi-byte text do not count.
    const text = JSON.stringify({ note: `"${'['.repeat(500)}\\" δ13C {{{`, list: [[1], [2]] });
    expect(nestsDeeperThan(bytes(text), MAX_JSON_DEPTH)).toBe(false);
    // Siblings do not add up: depth is how far in, not how many.
    expect(nestsDeeperThan(bytes(JSON.stringify(Array.from({ length: 1000 }, () => [[1]]))), 3)).toBe(false);
  });

  it('refuses a deeply nested change inside a sync batch with 400, not 500', async () => {
    const admin = await t.signInAsAdmin();
    const body = `{"mutations":[{"key":"deep-change-1","method":"POST","path":"/api/cs-lab/create","body":${nested(100_000)}}]}`;
    const res = await t.request('POST', '/api/sync', { token: admin, body });
    expectTooDeep(res);
    // The server keeps answering.
    const health = await t.request('GET', '/api/health');
    expect(health.status).toBe(200);
  });

  it('refuses a deeply nested field on a bench form and on the anonymous sign-in', async () => {
    const admin = await t.signInAsAdmin();
    const create = await t.request('POST', '/api/cs-lab/create', {
      token: admin,
      body: `{"sampleType":"Cotton","sampleCode":${nested(50_000)},"source":"Client","fromClientInfo":"Acme"}`,
    });
    expectTooDeep(create);
    const signIn = await t.request('POST', '/api/auth', { body: `{"email":${nested(20_000)},"password":"x"}` });
    expectTooDeep(signIn);
  });

  it('still takes honest bodies: a sync batch, and text full of brackets', async () => {
    const admin = await t.signInAsAdmin();
    const sampleCode = `[[[{{{"${'['.repeat(60)}`;
    const res = await t.request('POST', '/api/sync', {
      token: admin,
      body: {
        mutations: [
          {
            key: 'honest-change-1',
            method: 'POST',
            path: '/api/cs-lab/create',
            body: { sampleType: 'Cotton', sampleCode, source: 'Client', fromClientInfo: 'Acme' },
          },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.results[0]).toMatchObject({ status: 201, body: { data: { sampleCode } } });
  });
});
