// @vitest-environment node
// Pick lists are on the device from sign-in on: against the REAL server (Hono app on PGlite).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearOfflineData } from '../../../src/app/offline/session-mirror.ts';
import { pickListFirstFromServer, readPickList, refreshPickLists } from '../../../src/app/offline/pick-lists.ts';
import { useTestApp } from '../../server/support/test-app.ts';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 30_000 });

const t = useTestApp();
let token: string;

beforeEach(async () => {
  await clearOfflineData();
  token = await t.signInAsAdmin();
});

describe('pick lists for bench forms', () => {
  it('keeps countries and staff at sign-in, and serves them when the network is gone', async () => {
    const kept = await refreshPickLists(async (path, init) =>
      t.app.request(path, { ...init, headers: { authorization: `Bearer ${token}` } }),
    );
    expect(kept).toEqual(['countries', 'users']);
    const users = await readPickList<{ displayName: string }[]>('users');
    expect(users?.length).toBeGreaterThan(0);

    const offline = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await pickListFirstFromServer('users', offline)).toEqual(users);
    expect(await pickListFirstFromServer('countries', offline)).toEqual(await readPickList('countries'));
  });

  it('does not hide a refusal by the server behind the copy, and fails plainly with no copy', async () => {
    await pickListFirstFromServer('users', async () => [{ id: 1, displayName: 'Lan' }]);
    const refused = Object.assign(new Error('Forbidden'), { name: 'ApiError' });
    await expect(pickListFirstFromServer('users', () => Promise.reject(refused))).rejects.toBe(refused);
    await expect(
      pickListFirstFromServer('countries', () => Promise.reject(new TypeError('Failed to fetch'))),
    ).rejects.toThrow('Failed to fetch');
  });
});
