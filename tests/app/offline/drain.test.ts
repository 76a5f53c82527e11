// @vitest-environment node
// The drain runs against the REAL server (the Hono app on PGlite, in-process): no mock of our API.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { META_KEYS, offlineDb, ownerOfToken, readMeta } from '../../../src/app/offline/db.ts';
import { drainOutbox, type DrainOptions } from '../../../src/app/offline/drain.ts';
import { loadListView } from '../../../src/app/offline/list-cache.ts';
import {
  enqueueWritten,
  listMutations,
  overwriteServerVersion,
  retryMutation,
} from '../../../src/app/offline/outbox.ts';
import { clearOfflineData } from '../../../src/app/offline/session-mirror.ts';
import { useTestApp } from '../../server/support/test-app.ts';

// PGlite takes seconds to start on the first test; the app project's hooks default to 10 s.
vi.setConfig({ hookTimeout: 60_000, testTimeout: 30_000 });

const t = useTestApp();

let token: string;

beforeEach(async () => {
  await clearOfflineData();
  token = await t.signInAsAdmin();
});

/** The app's own fetch, in-process. */
const serverFetch: DrainOptions['fetch'] = async (url, init) => t.app.request(url, init);

function drainWith(overrides: Partial<DrainOptions> = {}) {
  return drainOutbox({
    fetch: serverFetch,
    auth: { getAccessToken: () => token, refreshAccessToken: async () => null },
    ...overrides,
  });
}

function addCountry(code: string, name = `Country ${code}`) {
  return enqueueWritten({
    method: 'POST',
    path: '/api/country',
    body: { code, name },
    label: `Add country ${code}`,
    entity: { list: 'countries' },
  });
}

async function countriesWithCode(code: string) {
  const res = await t.request('GET', `/api/country?code=${code}&limit=100`, { token });
  expect(res.status).toBe(200);
  return (res.body.data.items as { id: number; code: string; version: number; name: string }[]).filter(
    (c) => c.code === code,
  );
}

describe('drain against the real server', () => {
  it('applies the outbox in order and records each answer: done, conflict (409), failed (400)', async () => {
    const first = await addCountry('QA');
    const second = await addCountry('QB');
    const duplicate = await addCountry('QA', 'Duplicate');
    const invalid = await addCountry('lower');

    const result = await drainWith();
    expect(result).toMatchObject({ outcome: 'synced', done: 2, conflicts: 1, failed: 1, lists: ['countries'] });

    const byKey = new Map((await listMutations()).map((e) => [e.id, e]));
    expect(byKey.get(first)).toMatchObject({ state: 'done', responseStatus: 201, attempts: 1 });
    expect(byKey.get(second)).toMatchObject({ state: 'done', responseStatus: 201 });
    expect(byKey.get(duplicate)).toMatchObject({
      state: 'conflict',
      responseStatus: 409,
      lastError: 'A country with this code already exists',
    });
    expect(byKey.get(invalid)).toMatchObject({ state: 'failed', responseStatus: 400 });
    expect(byKey.get(invalid)?.lastError).toBeTruthy();

    const [qa] = await countriesWithCode('QA');
    const [qb] = await countriesWithCode('QB');
    expect(qa!.name).toBe('Country QA');
    expect(qa!.id).toBeLessThan(qb!.id);
    expect(await countriesWithCode('QA')).toHaveLength(1);

    // A second drain has nothing to send: refused changes wait for a person.
    expect((await drainWith()).outcome).toBe('idle');
  });

  it('a resend after a lost answer changes nothing twice', async () => {
    const key = await addCountry('QL');
    // The server commits, then the answer is lost on the way back.
    const lossy: DrainOptions['fetch'] = async (url, init) => {
      await t.app.request(url, init);
      throw new TypeError('Failed to fetch');
    };
    expect((await drainWith({ fetch: lossy })).outcome).toBe('offline');
    expect(await t.request('GET', '/api/country?code=QL', { token }).then((r) => r.body.data.total)).toBe(1);
    const waiting = (await listMutations())[0];
    expect(waiting).toMatchObject({ id: key, state: 'pending', attempts: 1 });

    const result = await drainWith();
    expect(result).toMatchObject({ outcome: 'synced', done: 1 });
    const entry = (await listMutations())[0];
    expect(entry).toMatchObject({ state: 'done', responseStatus: 201, attempts: 2 });
    expect(await countriesWithCode('QL')).toHaveLength(1);
  });

  it('keeps changes pending with no network, and counts the attempt', async () => {
    await addCountry('QN');
    const dead: DrainOptions['fetch'] = async () => {
      throw new TypeError('Failed to fetch');
    };
    const result = await drainWith({ fetch: dead });
    expect(result.outcome).toBe('offline');
    expect(await listMutations()).toMatchObject([
      { state: 'pending', attempts: 1, lastError: 'Waiting for the network' },
    ]);
    expect(await countriesWithCode('QN')).toHaveLength(0);
  });

  it('counts no attempt and marks nothing as sending while the browser knows it is offline', async () => {
    await addCountry('QO');
    vi.stubGlobal('navigator', { onLine: false });
    try {
      const fetch = vi.fn(serverFetch);
      expect((await drainWith({ fetch })).outcome).toBe('offline');
      expect(fetch).not.toHaveBeenCalled();
      expect(await listMutations()).toMatchObject([{ state: 'pending', attempts: 0 }]);
      expect(await readMeta(META_KEYS.lastDrain)).toMatchObject({ outcome: 'offline' });
      expect(await readMeta<{ sentAt?: string }>(META_KEYS.lastDrain)).not.toHaveProperty('sentAt');
    } finally {
      vi.unstubAllGlobals();
    }
    expect((await drainWith()).outcome).toBe('synced');
    expect(await readMeta(META_KEYS.lastDrain)).toMatchObject({ outcome: 'synced', sentAt: expect.any(String) });
  });

  it('renews an expired session once, and waits for sign-in when it cannot', async () => {
    await addCountry('QS');
    const stale = { getAccessToken: () => 'expired-token', refreshAccessToken: async () => null };
    expect((await drainWith({ auth: stale })).outcome).toBe('waiting-for-sign-in');
    expect(await readMeta(META_KEYS.waitingForSignIn)).toBe(true);
    expect(await listMutations()).toMatchObject([{ state: 'pending' }]);

    const signedOut = { getAccessToken: () => null, refreshAccessToken: async () => null };
    expect((await drainWith({ auth: signedOut })).outcome).toBe('waiting-for-sign-in');
    expect(await listMutations()).toMatchObject([{ state: 'pending', attempts: 1 }]);

    let refreshed = 0;
    const renewable = {
      getAccessToken: () => 'expired-token',
      refreshAccessToken: async () => {
        refreshed += 1;
        return token;
      },
    };
    expect((await drainWith({ auth: renewable })).outcome).toBe('synced');
    expect(refreshed).toBe(1);
    expect(await readMeta(META_KEYS.waitingForSignIn)).toBeUndefined();
    expect(await countriesWithCode('QS')).toHaveLength(1);
  });

  it('a stale write is a conflict that keeps the server record; "keep mine" resends over its version', async () => {
    const created = await t.request('POST', '/api/country', { token, body: { code: 'QV', name: 'Before' } });
    const id = created.body.data.id as number;
    await t.request('PUT', `/api/country?id=${id}`, {
      token,
      body: { code: 'QV', name: 'Changed elsewhere', version: 1 },
    });

    const key = await enqueueWritten({
      method: 'PUT',
      path: `/api/country?id=${id}`,
      body: { code: 'QV', name: 'Mine', version: 1 },
      label: 'Rename QV',
      entity: { list: 'countries', id },
    });
    expect((await drainWith()).conflicts).toBe(1);
    const conflict = (await listMutations()).find((e) => e.id === key)!;
    expect(conflict.state).toBe('conflict');
    expect(conflict.lastError).toMatch(/changed by someone else/);
    expect(conflict.serverRecord).toMatchObject({ id, name: 'Changed elsewhere', version: 2 });

    // Retrying as is meets the same conflict: nothing is overwritten without a person deciding.
    await retryMutation(key);
    expect((await drainWith()).conflicts).toBe(1);

    await overwriteServerVersion(key);
    expect((await drainWith()).done).toBe(1);
    expect((await countriesWithCode('QV'))[0]).toMatchObject({ name: 'Mine', version: 3 });
  });

  it('runs one drain at a time', async () => {
    await addCountry('QC');
    const [a, b] = await Promise.all([drainWith(), drainWith()]);
    expect([a.outcome, b.outcome].sort()).toEqual(['busy', 'synced']);
    expect(await countriesWithCode('QC')).toHaveLength(1);
  });

  it('sends what a cut-off drain left in flight again, safely', async () => {
    const key = await addCountry('QF');
    await offlineDb.outbox.update(key, { state: 'sending', attempts: 1 });
    expect((await drainWith()).done).toBe(1);
    expect(await countriesWithCode('QF')).toHaveLength(1);
  });

  it('sends long outboxes in batches the server accepts', async () => {
    const codes = ['RA', 'RB', 'RC', 'RD', 'RE'];
    for (const code of codes) await addCountry(code);
    let posts = 0;
    const counting: DrainOptions['fetch'] = async (url, init) => {
      posts += 1;
      return t.app.request(url, init);
    };
    expect((await drainWith({ fetch: counting, batchSize: 2 })).done).toBe(5);
    expect(posts).toBe(3);
    for (const code of codes) expect(await countriesWithCode(code)).toHaveLength(1);
  });

  it('puts applied changes into the cached list and marks it for refetch', async () => {
    const fetcher = async (path: string, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      headers.set('authorization', `Bearer ${token}`);
      return t.app.request(path, { ...init, headers });
    };
    await loadListView({ fetcher, list: 'countries', path: '/api/country', query: { limit: 5 } });
    await addCountry('QX', 'Cached');
    await drainWith();
    const rows = await offlineDb.listRows.where('list').equals('countries').toArray();
    expect(rows.find((r) => r.record.code === 'QX')?.record).toMatchObject({ name: 'Cached' });
    expect((await offlineDb.listMeta.get('countries'))?.invalidatedAt).toBeTruthy();
  });

  it('puts a whole answered batch into its cached list in one go: open lists are woken once', async () => {
    const fetcher = async (path: string, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      headers.set('authorization', `Bearer ${token}`);
      return t.app.request(path, { ...init, headers });
    };
    await loadListView({ fetcher, list: 'countries', path: '/api/country', query: { limit: 5 } });
    for (const code of ['QR', 'QS', 'QT', 'QU']) await addCountry(code, `Batch ${code}`);
    let listMarked = 0;
    const count = () => void (listMarked += 1);
    offlineDb.listMeta.hook('updating', count);
    try {
      expect(await drainWith()).toMatchObject({ outcome: 'synced', done: 4 });
    } finally {
      offlineDb.listMeta.hook('updating').unsubscribe(count);
    }
    expect(listMarked).toBe(1);
    const rows = await offlineDb.listRows.where('list').equals('countries').toArray();
    expect(rows.filter((r) => String(r.record.name).startsWith('Batch '))).toHaveLength(4);
  });

  it('sends a change only with the session of the person who made it (a shared bench tablet)', async () => {
    const other = await t.userWith(['CanCreateCountry', 'CanViewAllCountry'], 'bench2');
    expect(ownerOfToken(other.token)).toBe(String(other.id));
    const theirs = await addCountry('QO');
    const mine = await addCountry('QM');
    await offlineDb.outbox.update(theirs, { ownerId: String(other.id) });
    await offlineDb.outbox.update(mine, { ownerId: ownerOfToken(token) });

    expect(await drainWith()).toMatchObject({ outcome: 'synced', done: 1 });
    expect(await offlineDb.outbox.get(theirs)).toMatchObject({ state: 'pending', attempts: 0 });
    expect(await countriesWithCode('QO')).toHaveLength(0);
    expect(await countriesWithCode('QM')).toHaveLength(1);

    const asOther = { getAccessToken: () => other.token, refreshAccessToken: async () => null };
    expect(await drainWith({ auth: asOther })).toMatchObject({ outcome: 'synced', done: 1 });
    expect(await countriesWithCode('QO')).toHaveLength(1);
  });
});
