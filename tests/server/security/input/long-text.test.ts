import { describe, expect, it } from 'vitest';
import { MAX_TEXT_LENGTH } from '../../../../src/server/http/text-input.ts';
import { buildDocument, fillPath, listOperations, operationName, resolveSchema } from '../../support/api-operations.ts';
import type { SchemaObject } from '../../support/api-operations.ts';
import { bookingForm } from '../../support/bookings.ts';
import { clientSessionCookie } from '../../support/client-sessions.ts';
import { useTestApp, type TestResponse } from '../../support/test-app.ts';

// One long text must not freeze the server for everyone. Anonymous and client operations are the
// ones anybody can reach; each gets 500 KB of text in every field, and is answered with a 4xx (a
// field error, or 413 where the body limit is smaller) while /api/health keeps answering.
// The bounds are generous on purpose: on an idle machine these answers take milliseconds (the aim is
// under 2 s, with health under 1 s), but a loaded two-core machine can hold any request a second or
// more. Before the text was bounded, the order form below took 9 to 15 seconds and held every other
// request for as long, which these bounds still catch.
const MAX_ANSWER_MS = 5000;
const MAX_HEALTH_MS = 3000;

const t = useTestApp();

const document = buildDocument();
const reachable = listOperations(document).filter((op) => op.access === 'public' || op.access === 'client');
const KB = 1024;
/** Spaces between two letters: the shape that made trimming quadratic. */
const longText = (length: number) => `a${' '.repeat(length - 2)}b`;
const BIG = longText(500 * KB);

/** A body with the long text in every string field the schema names, one level deep. */
function bodyFor(schema: SchemaObject | undefined): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(resolveSchema(document, schema)?.properties ?? {})) {
    const type = resolveSchema(document, property)?.type;
    body[key] = type === 'array' ? [BIG] : BIG;
  }
  return body;
}

/**
 * Runs `work` while /api/health is asked every 25 ms, and answers how long the work took and the
 * slowest health answer seen meanwhile.
 */
async function whileHealthAnswers(work: () => Promise<TestResponse>) {
  let done = false;
  const latencies: number[] = [];
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await t.app.request('/api/health');
      latencies.push(performance.now() - started);
      expect(res.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  const started = performance.now();
  const res = await work();
  const elapsed = performance.now() - started;
  done = true;
  await probe;
  return { res, elapsed, slowestHealth: Math.max(0, ...latencies) };
}

function expectRefusedQuickly(outcome: Awaited<ReturnType<typeof whileHealthAnswers>>) {
  const { res, elapsed, slowestHealth } = outcome;
  const detail = `${res.status} in ${elapsed.toFixed(0)} ms, health ${slowestHealth.toFixed(0)} ms: ${JSON.stringify(res.body).slice(0, 300)}`;
  expect(res.status, detail).toBeGreaterThanOrEqual(400);
  expect(res.status, detail).toBeLessThan(500);
  if (res.status === 400) expect(Object.keys(res.body.errors ?? {}).length, detail).toBeGreaterThan(0);
  expect(elapsed, detail).toBeLessThan(MAX_ANSWER_MS);
  expect(slowestHealth, detail).toBeLessThan(MAX_HEALTH_MS);
}

describe('[SECURITY] long text', () => {
  it('refuses a 120,000-space company name on the order form quickly, naming the field', async () => {
    const outcome = await whileHealthAnswers(() =>
      t.request('POST', '/api/sample-submit-form', {
        body: bookingForm({ applicantCompany: longText(120_000) }),
      }),
    );
    expectRefusedQuickly(outcome);
    expect(outcome.res.status).toBe(400);
    expect(outcome.res.body).toMatchObject({
      code: 'textTooLong',
      params: { field: 'applicantCompany', max: MAX_TEXT_LENGTH },
      errors: { applicantCompany: 'Text is too long' },
    });
  });

  it('refuses a 60,000-space sign-in link request quickly, naming the field', async () => {
    const outcome = await whileHealthAnswers(() =>
      t.request('POST', '/api/client/sign-in-links', { body: { email: longText(60_000) } }),
    );
    expectRefusedQuickly(outcome);
    expect(outcome.res.status).toBe(400);
    expect(outcome.res.body.errors).toEqual({ email: 'Text is too long' });
  });

  it('refuses a client note of 19,000 spaces quickly, with the note field named', async () => {
    // Under the bound every field shares, so the note's own schema decides, in linear time.
    const cookie = await clientSessionCookie(t, 'notes@client.test');
    const { body } = await t.request('GET', '/api/client/bookings', { headers: { cookie } });
    const id = body.data.bookings[0].id as number;
    const outcome = await whileHealthAnswers(() =>
      t.request('POST', `/api/client/bookings/${id}/notes`, {
        headers: { cookie },
        body: { text: longText(19_000) },
      }),
    );
    expectRefusedQuickly(outcome);
    expect(outcome.res.body.errors).toEqual({ text: 'At most 4000 characters.' });
  });

  it('lists the public and client operations', () => {
    expect(reachable.length).toBeGreaterThan(8);
  });

  it.each(reachable.map((op) => [operationName(op), op] as const))(
    '%s answers 500 KB of text quickly',
    async (_, op) => {
      const cookie = op.access === 'client' ? await clientSessionCookie(t) : undefined;
      const url = fillPath(op.path, (name) => (name === 'id' ? '1' : 'x'));
      const query = op.parameters
        .filter((p) => p.in === 'query')
        .map((p) => `${p.name}=${encodeURIComponent(BIG)}`)
        .join('&');
      const outcome = await whileHealthAnswers(() =>
        t.request(op.method, query ? `${url}?${query}` : url, {
          headers: cookie ? { cookie } : {},
          ...(op.jsonBody ? { body: bodyFor(op.jsonBody) } : {}),
        }),
      );
      // An operation that reads no text at all (a GET without a query) has nothing to refuse.
      if (!op.jsonBody && !query) {
        expect(outcome.res.status).toBeLessThan(500);
        expect(outcome.slowestHealth).toBeLessThan(MAX_HEALTH_MS);
        return;
      }
      expectRefusedQuickly(outcome);
    },
  );
});
