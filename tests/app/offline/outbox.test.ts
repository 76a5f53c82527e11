import { beforeEach, describe, expect, it } from 'vitest';
import Dexie from 'dexie';
import {
  StorageFullError,
  guardStorage,
  offlineDb,
  ownerOfToken,
  storageFullListeners,
} from '../../../src/app/offline/db.ts';
import {
  countPendingMutations,
  discardMutation,
  enqueueWritten,
  listMutations,
  outboxChangeListeners,
  overwriteServerVersion,
  pruneDoneMutations,
  retryFailedMutations,
  retryMutation,
} from '../../../src/app/offline/outbox.ts';
import { clearOfflineData, mirrorSession, readMirroredSession } from '../../../src/app/offline/session-mirror.ts';

beforeEach(async () => {
  await clearOfflineData();
});

describe('outbox', () => {
  it('keeps changes in the order they were made, each under its own idempotency key', async () => {
    const keys: string[] = [];
    for (const code of ['AA', 'BB', 'CC']) {
      keys.push(
        await enqueueWritten({
          method: 'POST',
          path: '/api/country',
          body: { code, name: code },
          label: `Add ${code}`,
          entity: { list: 'countries' },
        }),
      );
    }
    expect(new Set(keys).size).toBe(3);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f-]{36}$/);
    const entries = await listMutations();
    expect(entries.map((e) => e.id)).toEqual(keys);
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(entries.every((e) => e.state === 'pending' && e.attempts === 0)).toBe(true);
    expect(entries[0]).toMatchObject({
      method: 'POST',
      path: '/api/country',
      label: 'Add AA',
      entity: { list: 'countries' },
    });
    expect(await countPendingMutations()).toBe(3);
  });

  it('refuses requests the sync endpoint would reject as a whole', async () => {
    await expect(enqueueWritten({ method: 'POST', path: '/api/auth', label: 'sign in' })).rejects.toThrow();
    await expect(enqueueWritten({ method: 'POST', path: '/api/sync', label: 'nested' })).rejects.toThrow();
    await expect(enqueueWritten({ method: 'POST', path: 'http://elsewhere/api/x', label: 'away' })).rejects.toThrow();
    await expect(enqueueWritten({ method: 'GET' as 'POST', path: '/api/country', label: 'read' })).rejects.toThrow();
    expect(await countPendingMutations()).toBe(0);
  });

  it('tells listeners when a change is queued, so the runner can send it at once', async () => {
    let calls = 0;
    const listener = () => {
      calls += 1;
    };
    outboxChangeListeners.add(listener);
    try {
      await enqueueWritten({
        method: 'DELETE',
        path: '/api/country?id=3',
        label: 'Delete',
        entity: { list: 'countries', id: 3 },
      });
    } finally {
      outboxChangeListeners.delete(listener);
    }
    expect(calls).toBe(1);
  });

  it('counts failed and conflicting changes as unsent; retry puts them back in the queue; discard removes one', async () => {
    const a = await enqueueWritten({ method: 'POST', path: '/api/country', body: { code: 'x' }, label: 'a' });
    const b = await enqueueWritten({ method: 'PUT', path: '/api/country?id=1', body: { code: 'VN' }, label: 'b' });
    const c = await enqueueWritten({ method: 'POST', path: '/api/country', body: { code: 'DD' }, label: 'c' });
    await offlineDb.outbox.update(a, { state: 'failed', lastError: 'Code must be 2 or 3 capital letters' });
    await offlineDb.outbox.update(b, { state: 'conflict', lastError: 'changed by someone else' });
    await offlineDb.outbox.update(c, { state: 'done', doneAt: new Date().toISOString() });
    expect(await countPendingMutations()).toBe(2);

    await retryFailedMutations();
    expect((await offlineDb.outbox.get(a))?.state).toBe('pending');
    expect((await offlineDb.outbox.get(b))?.state).toBe('conflict');

    await retryMutation(b);
    expect((await offlineDb.outbox.get(b))?.state).toBe('pending');

    await discardMutation(a);
    expect(await offlineDb.outbox.get(a)).toBeUndefined();
    expect(await countPendingMutations()).toBe(1);
  });

  it('resolves a stale-write conflict by resending with the server version, under a new key, in the same place', async () => {
    const first = await enqueueWritten({ method: 'POST', path: '/api/country', body: { code: 'AA' }, label: 'first' });
    const stale = await enqueueWritten({
      method: 'PUT',
      path: '/api/country?id=1',
      body: { code: 'VN', name: 'Viet Nam', version: 1 },
      label: 'rename',
    });
    await offlineDb.outbox.update(stale, {
      state: 'conflict',
      serverRecord: { id: 1, code: 'VN', name: 'Vietnam', version: 3 },
      responseStatus: 409,
    });
    const fresh = await overwriteServerVersion(stale);
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(stale);
    const entries = await listMutations();
    expect(entries.map((e) => e.id)).toEqual([first, fresh]);
    expect(entries[1]).toMatchObject({ state: 'pending', body: { code: 'VN', name: 'Viet Nam', version: 3 }, seq: 2 });
    expect(entries[1]?.serverRecord).toBeUndefined();
  });

  it('forgets applied changes after a day, never unsent ones', async () => {
    const old = await enqueueWritten({ method: 'POST', path: '/api/country', body: {}, label: 'old' });
    const recent = await enqueueWritten({ method: 'POST', path: '/api/country', body: {}, label: 'recent' });
    const unsent = await enqueueWritten({ method: 'POST', path: '/api/country', body: {}, label: 'unsent' });
    const now = Date.parse('2026-05-02T12:00:00Z');
    await offlineDb.outbox.update(old, { state: 'done', doneAt: '2026-05-01T11:00:00.000Z' });
    await offlineDb.outbox.update(recent, { state: 'done', doneAt: '2026-05-02T11:00:00.000Z' });
    expect(await pruneDoneMutations(24 * 60 * 60 * 1000, now)).toBe(1);
    expect((await listMutations()).map((e) => e.id)).toEqual([recent, unsent]);
  });
});

describe('session mirror', () => {
  it('keeps the tokens for the service worker and forgets them on sign-out; clearing wipes everything', async () => {
    await mirrorSession({ accessToken: 'a1', refreshToken: 'r1' });
    expect(await readMirroredSession()).toMatchObject({ accessToken: 'a1', refreshToken: 'r1', source: 'page' });
    await mirrorSession(null);
    expect(await readMirroredSession()).toBeUndefined();

    await mirrorSession({ accessToken: 'a2', refreshToken: 'r2' });
    await enqueueWritten({
      method: 'POST',
      path: '/api/country',
      body: {},
      label: 'x',
      entity: { list: 'countries' },
    });
    await offlineDb.listRows.put({ list: 'countries', id: '1', record: { id: 1 } });
    await clearOfflineData();
    expect(await readMirroredSession()).toBeUndefined();
    expect(await countPendingMutations()).toBe(0);
    expect(await offlineDb.listRows.count()).toBe(0);
  });
});

describe('local storage guard', () => {
  it('turns a full disk into a StorageFullError that listeners hear about; other errors pass through', async () => {
    const heard: StorageFullError[] = [];
    const listener = (error: StorageFullError) => heard.push(error);
    storageFullListeners.add(listener);
    try {
      const quota = new Dexie.QuotaExceededError('no room', new DOMException('full', 'QuotaExceededError'));
      await expect(guardStorage(() => Promise.reject(quota))).rejects.toBeInstanceOf(StorageFullError);
      await expect(guardStorage(() => Promise.reject(new Error('other')))).rejects.toThrow('other');
      expect(heard).toHaveLength(1);
      expect(heard[0]?.message).toMatch(/no room left/);
    } finally {
      storageFullListeners.delete(listener);
    }
  });

  it('reads whose session a token is from its sub, and nothing from a malformed one', () => {
    const payload = btoa(JSON.stringify({ sub: '42', exp: 1 }))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    expect(ownerOfToken(`header.${payload}.signature`)).toBe('42');
    expect(ownerOfToken('not-a-token')).toBeUndefined();
    expect(ownerOfToken('a.%%%.c')).toBeUndefined();
    expect(ownerOfToken(null)).toBeUndefined();
  });
});
