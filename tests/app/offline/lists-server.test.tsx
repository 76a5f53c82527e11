// @vitest-environment node
// useOfflineList against the REAL server (the Hono app on PGlite, in-process). The server code needs
// Node's environment (file URLs), so the DOM React renders into is a jsdom window (support/node-dom.ts).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installDom } from '../support/node-dom.ts';

installDom();

const { act, renderHook, waitFor } = await import('@testing-library/react');
const { offlineDb } = await import('../../../src/app/offline/db.ts');
const { drainOutbox } = await import('../../../src/app/offline/drain.ts');
const { loadListView, MAX_VIEWS_PER_LIST } = await import('../../../src/app/offline/list-cache.ts');
const { syncWholeList } = await import('../../../src/app/offline/list-sync.ts');
const { useOfflineList } = await import('../../../src/app/offline/lists.ts');
const { enqueueWritten } = await import('../../../src/app/offline/outbox.ts');
const { clearOfflineData } = await import('../../../src/app/offline/session-mirror.ts');
const { useTestApp } = await import('../../server/support/test-app.ts');
const { loadLaboratory } = await import('../../../bench/scale/laboratory.ts');
type ApiFetch = import('../../../src/app/offline/list-cache.ts').ApiFetch;

vi.setConfig({ hookTimeout: 60_000, testTimeout: 30_000 });

describe('useOfflineList against the real server', () => {
  const t = useTestApp();
  let token: string;
  let fetcher: ApiFetch;

  beforeEach(async () => {
    await clearOfflineData();
    token = await t.signInAsAdmin();
    fetcher = async (path, init) => {
      const headers = new Headers(init?.headers);
      headers.set('authorization', `Bearer ${token}`);
      return t.app.request(path, { ...init, headers });
    };
  });

  it('loads a page, keeps it for offline use, and shows queued changes merged in until they are sent', async () => {
    const created = await t.request('POST', '/api/country', { token, body: { code: 'QZ', name: 'Zed' } });
    const id = created.body.data.id as number;
    const query = { code: 'Q', limit: 10, offset: 0 };
    const { result, unmount } = renderHook(() =>
      useOfflineList({
        list: 'countries',
        path: '/api/country',
        query,
        fetcher,
      }),
    );
    await waitFor(() => expect(result.current.items.map((c) => c.code)).toEqual(['QZ']));
    expect(result.current.total).toBe(1);
    expect(result.current.isOffline).toBe(false);

    await act(async () => {
      await enqueueWritten({
        method: 'POST',
        path: '/api/country',
        body: { code: 'QY', name: 'Why' },
        label: 'Add QY',
        entity: { list: 'countries' },
      });
      await enqueueWritten({
        method: 'PUT',
        path: `/api/country?id=${id}`,
        body: { code: 'QZ', name: 'Zed renamed', version: 1 },
        label: 'Rename QZ',
        entity: { list: 'countries', id },
      });
    });
    await waitFor(() => expect(result.current.items.map((c) => c.name)).toEqual(['Why', 'Zed renamed']));
    expect(result.current.total).toBe(2);
    expect([...result.current.pendingIds]).toHaveLength(2);
    expect(result.current.pendingIds.has(String(id))).toBe(true);

    await act(async () => {
      await drainOutbox({
        fetch: async (url, init) => t.app.request(url, init),
        auth: { getAccessToken: () => token, refreshAccessToken: async () => null },
      });
    });
    // The drain marked the list stale: the hook refetches and the pending marks go.
    await waitFor(() => {
      expect(result.current.pendingIds.size).toBe(0);
      expect(result.current.items.map((c) => c.code).sort()).toEqual(['QY', 'QZ']);
    });
    expect(result.current.items.find((c) => c.code === 'QZ')?.name).toBe('Zed renamed');
    unmount();

    // The same screen opened with no server answers from the cache.
    const dead: ApiFetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    const offline = renderHook(() => useOfflineList({ list: 'countries', path: '/api/country', query, fetcher: dead }));
    await waitFor(() => expect(offline.result.current.isOffline).toBe(true));
    expect(offline.result.current.items.map((c) => c.code).sort()).toEqual(['QY', 'QZ']);
    offline.unmount();
  });

  it('keeps the whole list with delta sync: only records changed since the newest one seen are fetched', async () => {
    const paths: string[] = [];
    const recording: ApiFetch = (path, init) => {
      paths.push(path);
      return fetcher(path, init);
    };
    expect(await syncWholeList({ fetcher: recording, list: 'countries', path: '/api/country' })).toBe('full');
    const seeded = await offlineDb.listRows.where('list').equals('countries').count();
    expect(seeded).toBeGreaterThan(0);

    await new Promise((resolve) => setTimeout(resolve, 5));
    await t.request('POST', '/api/country', { token, body: { code: 'QD', name: 'Delta' } });
    paths.length = 0;
    expect(await syncWholeList({ fetcher: recording, list: 'countries', path: '/api/country' })).toBe('delta');
    expect(paths[0]).toMatch(/updatedSince=/);
    expect(await offlineDb.listRows.where('list').equals('countries').count()).toBe(seeded + 1);
    const meta = await offlineDb.listMeta.get('countries');
    expect(meta?.supportsDelta).toBe(true);
  });

  it('removes a record deleted on the server from the cached list at the next delta sync', async () => {
    const created = await t.request('POST', '/api/country', { token, body: { code: 'QX', name: 'Doomed' } });
    const id = String(created.body.data.id);
    expect(await syncWholeList({ fetcher, list: 'countries', path: '/api/country' })).toBe('full');
    expect(await offlineDb.listRows.get(['countries', id])).toBeDefined();

    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await t.request('DELETE', `/api/country?id=${id}`, { token })).status).toBe(200);
    expect(await syncWholeList({ fetcher, list: 'countries', path: '/api/country' })).toBe('delta');
    expect(await offlineDb.listRows.get(['countries', id])).toBeUndefined();
  });

  it('keeps a bounded number of views of one list: the oldest go as new ones are loaded', async () => {
    for (let offset = 0; offset < MAX_VIEWS_PER_LIST + 3; offset++) {
      await loadListView({ fetcher, list: 'countries', path: '/api/country', query: { limit: 1, offset } });
    }
    expect(await offlineDb.listViews.where('list').equals('countries').count()).toBe(MAX_VIEWS_PER_LIST);
  });

  it('a full reload, written page by page, leaves no record the server no longer has', async () => {
    await offlineDb.listRows.put({ list: 'countries', id: '999999', record: { id: 999999, code: 'ZZ' } });
    expect(await syncWholeList({ fetcher, list: 'countries', path: '/api/country' })).toBe('full');
    expect(await offlineDb.listRows.get(['countries', '999999'])).toBeUndefined();
    const countries = await t.request('GET', '/api/country?limit=500', { token });
    expect(await offlineDb.listRows.where('list').equals('countries').count()).toBe(countries.body.data.total);
  });

  it('walks a bench list page by page by its cursor, past the point where the server stops counting', async () => {
    // 1,600 samples: more than three pages of 500, and more than the 1,500 rows a first page counts.
    await loadLaboratory(t.database, 1_600);
    const asked: string[] = [];
    const recording: ApiFetch = (path, init) => {
      asked.push(path);
      return fetcher(path, init);
    };
    expect(await syncWholeList({ fetcher: recording, list: 'cs-samples', path: '/api/cs-lab/get-all' })).toBe('full');
    expect(await offlineDb.listRows.where('list').equals('cs-samples').count()).toBe(1_600);
    const pages = asked.filter((path) => path.startsWith('/api/cs-lab/get-all'));
    expect(pages).toHaveLength(4);
    expect(pages.slice(1).every((path) => path.includes('cursor=') && !path.includes('offset='))).toBe(true);
  });
});
