import { describe, expect, it } from 'vitest';
import { sampleAt } from '../support/sample-journey.ts';
import { useTestApp } from '../support/test-app.ts';

const t = useTestApp();

type SyncResult = { key: string; status: number; body: { result: boolean; message: string; data?: any } };

async function sync(token: string, mutations: unknown[]) {
  const res = await t.request('POST', '/api/sync', { token, body: { mutations } });
  expect(res.status).toBe(200);
  return res.body.data.results as SyncResult[];
}

async function countryCodes(token: string): Promise<string[]> {
  const res = await t.request('GET', '/api/country?limit=500', { token });
  return res.body.data.items.map((c: { code: string }) => c.code);
}

describe('[SYNC] outbox batches', () => {
  it('applies a batch in order and answers each mutation', async () => {
    const admin = await t.signInAsAdmin();
    const results = await sync(admin, [
      { key: 'outbox-0001', method: 'POST', path: '/api/country', body: { code: 'FR', name: 'France' } },
      { key: 'outbox-0002', method: 'POST', path: '/api/country', body: { code: 'DE', name: 'Germany' } },
    ]);
    expect(results.map((r) => [r.key, r.status])).toEqual([
      ['outbox-0001', 201],
      ['outbox-0002', 201],
    ]);
    expect(results[0]!.body).toMatchObject({ result: true, data: { code: 'FR' } });

    // Order matters: the edit refers to the country the first mutation created.
    const id = results[0]!.body.data.id;
    const next = await sync(admin, [
      {
        key: 'outbox-0003',
        method: 'PUT',
        path: `/api/country?id=${id}`,
        body: { code: 'FR', name: 'France (EU)', version: 1 },
      },
      {
        key: 'outbox-0004',
        method: 'PUT',
        path: `/api/country?id=${id}`,
        body: { code: 'FR', name: 'France', version: 2 },
      },
    ]);
    expect(next.map((r) => r.status)).toEqual([200, 200]);
    expect(next[1]!.body.data).toMatchObject({ name: 'France', version: 3 });
  });

  it('changes nothing twice when a batch is resent after its answer was lost', async () => {
    const admin = await t.signInAsAdmin();
    const batch = [
      { key: 'outbox-1001', method: 'POST', path: '/api/country', body: { code: 'FR', name: 'France' } },
      { key: 'outbox-1002', method: 'POST', path: '/api/country', body: { code: 'DE', name: 'Germany' } },
    ];
    const first = await sync(admin, batch);
    const resent = await sync(admin, batch);
    expect(resent.map((r) => r.status)).toEqual(first.map((r) => r.status));
    expect(resent.map((r) => r.body)).toEqual(first.map((r) => r.body));
    const codes = await countryCodes(admin);
    expect(codes.filter((c) => c === 'FR')).toHaveLength(1);
    expect(codes.filter((c) => c === 'DE')).toHaveLength(1);
  });

  it('does not stop at a failing mutation: each has its own answer', async () => {
    const admin = await t.signInAsAdmin();
    const results = await sync(admin, [
      { key: 'outbox-2001', method: 'POST', path: '/api/country', body: { code: 'fr', name: 'lowercase code' } },
      { key: 'outbox-2002', method: 'POST', path: '/api/country', body: { code: 'VN', name: 'duplicate' } },
      {
        key: 'outbox-2003',
        method: 'PUT',
        path: '/api/country?id=9999',
        body: { code: 'ZZ', name: 'missing', version: 1 },
      },
      { key: 'outbox-2004', method: 'POST', path: '/api/country', body: { code: 'DE', name: 'Germany' } },
    ]);
    expect(results.map((r) => r.status)).toEqual([400, 409, 404, 201]);
    expect(results[0]!.body).toMatchObject({ result: false, errors: { code: 'Code must be 2 or 3 capital letters' } });
    expect(results[1]!.body.message).toBe('A country with this code already exists');
    expect(await countryCodes(admin)).toContain('DE');
  });

  it('reports a stale edit as a 409 carrying the current record, for a person to resolve', async () => {
    const admin = await t.signInAsAdmin();
    const created = (await t.request('POST', '/api/country', { token: admin, body: { code: 'FR', name: 'France' } }))
      .body.data;
    await t.request('PUT', `/api/country?id=${created.id}`, {
      token: admin,
      body: { code: 'FR', name: 'Online edit', version: 1 },
    });
    const [result] = await sync(admin, [
      {
        key: 'outbox-3001',
        method: 'PUT',
        path: `/api/country?id=${created.id}`,
        body: { code: 'FR', name: 'Offline edit', version: 1 },
      },
    ]);
    expect(result!.status).toBe(409);
    expect(result!.body.data).toMatchObject({ name: 'Online edit', version: 2 });
  });

  it('answers a check-in another device made first with who made it and when, not as a refusal', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'SentToTester');
    const first = await t.userWith(['CanCheckInSampleEntryTester'], 'tabletone');
    const second = await t.userWith(['CanCheckInSampleEntryTester'], 'tablettwo');
    const checkIn = (key: string) => ({ key, method: 'PUT', path: `/api/tester-lab/check-in?id=${sample.id}` });
    const [made] = await sync(first.token, [checkIn('outbox-tablet-1')]);
    expect(made!.status).toBe(200);
    const [again] = await sync(second.token, [checkIn('outbox-tablet-2')]);
    expect(again!.status).toBe(409);
    expect(again!.body).toMatchObject({
      code: 'sampleAlreadyDone',
      params: {
        idflNumber: sample.idflNumber,
        status: 'TesterConfirmed',
        by: 'Test tabletone',
        at: expect.any(String),
      },
      data: { id: sample.id, status: 'TesterConfirmed' },
    });
    expect(Date.parse((again!.body as unknown as { params: { at: string } }).params.at)).toBeGreaterThan(
      Date.now() - 60_000,
    );
    // Nothing for the second technician to resolve: no "change refused" notification.
    const notes = await t.request('GET', '/api/notification', { token: second.token });
    expect(notes.body.data.items.map((note: { title: string }) => note.title)).not.toContain('Change refused');
  });

  it("runs each mutation with the caller's own permissions", async () => {
    const viewer = await t.userWith(['CanViewAllCountry']);
    const [result] = await sync(viewer.token, [
      { key: 'outbox-4001', method: 'POST', path: '/api/country', body: { code: 'FR', name: 'France' } },
    ]);
    expect(result!.status).toBe(403);
  });

  it('refuses bad batches as a whole', async () => {
    const admin = await t.signInAsAdmin();
    expect((await t.request('POST', '/api/sync', { token: admin, body: { mutations: [] } })).status).toBe(400);
    const nested = await t.request('POST', '/api/sync', {
      token: admin,
      body: { mutations: [{ key: 'outbox-5001', method: 'POST', path: '/api/sync', body: {} }] },
    });
    expect(nested.status).toBe(400);
    const outside = await t.request('POST', '/api/sync', {
      token: admin,
      body: { mutations: [{ key: 'outbox-5002', method: 'POST', path: 'http://elsewhere.test/api/x' }] },
    });
    expect(outside.status).toBe(400);
    expect((await t.request('POST', '/api/sync', { body: { mutations: [] } })).status).toBe(401);
  });
});
