/**
 * Keeping a whole list on the device (see list-cache.ts): a full reload once a day, else the records
 * changed since the newest one seen, with the tombstones of those deleted meanwhile. Bounded: at most
 * MAX_CACHED_ROWS records of one list (what a bench works through; the server filters each list to
 * the user's own bench, so a tablet never holds the whole laboratory).
 */
import { listEntities } from '../../shared/workflow/deletions.ts';
import { guardStorage, offlineDb, type ListMeta, type ListRow } from './db.ts';
import {
  fetchPage,
  ListFetchError,
  newestUpdatedAt,
  toRow,
  updatedAtOf,
  withQuery,
  type ApiFetch,
  type ListPage,
  type ListQuery,
} from './list-cache.ts';

/** The shared list query allows 500 a page; an endpoint with a lower cap gets the smaller size. */
const PAGE_SIZES = [500, 100] as const;
/** A bench device does not need more than this offline; bigger lists are served page by page. */
export const MAX_CACHED_ROWS = 5_000;
const FULL_SYNC_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * Brings the whole cached list up to date: a full reload when never done or older than a day (or
 * when the endpoint has no delta), else only the records changed since the newest one seen.
 */
export async function syncWholeList(options: {
  fetcher: ApiFetch;
  list: string;
  path: string;
  idKey?: string;
  now?: number;
}): Promise<'full' | 'delta'> {
  const { fetcher, list, path, idKey = 'id', now = Date.now() } = options;
  const meta: ListMeta = (await offlineDb.listMeta.get(list)) ?? { list, path };
  const fullIsDue =
    !meta.lastFullSyncAt || now - Date.parse(meta.lastFullSyncAt) > FULL_SYNC_EVERY_MS || meta.supportsDelta === false;
  if (!fullIsDue && meta.maxUpdatedAt) {
    const delta = await syncDelta(fetcher, meta, idKey);
    if (delta) return 'delta';
  }
  await syncFull(fetcher, meta, idKey);
  return 'full';
}

/** One page of a whole-list load, in the biggest page size the endpoint accepts. */
async function fetchBigPage(
  fetcher: ApiFetch,
  path: string,
  query: ListQuery,
): Promise<{ page: ListPage<Record<string, unknown>>; size: number }> {
  for (const [index, size] of PAGE_SIZES.entries()) {
    try {
      return { page: await fetchPage(fetcher, path, { ...query, limit: size }), size };
    } catch (error) {
      const isLast = index === PAGE_SIZES.length - 1;
      if (isLast || !(error instanceof ListFetchError) || error.status !== 400) throw error;
    }
  }
  throw new Error('unreachable');
}

/**
 * The ids of this list's records deleted since the newest change the device has seen. A server
 * without tombstones answers an error: nothing is removed, and the daily full reload catches up.
 */
async function fetchDeletions(fetcher: ApiFetch, meta: ListMeta): Promise<string[]> {
  const entity = listEntities[meta.path.split('?')[0] ?? ''];
  if (!entity || !meta.maxUpdatedAt) return [];
  const response = await fetcher(withQuery('/api/deletions', { entity, since: meta.maxUpdatedAt }), {
    headers: { accept: 'application/json' },
  });
  if (!response.ok) return [];
  const body = (await response.json().catch(() => null)) as { data?: { items?: { recordId?: unknown }[] } } | null;
  return (body?.data?.items ?? []).map((item) => String(item.recordId));
}

/**
 * Where the next page of a walk starts: after the last row by the server's cursor where the list
 * answers one (a far page then costs what the first costs, and a row changed meanwhile is not
 * skipped or read twice), else by offset. Undefined when the page was the last.
 */
type PageStart = { cursor: string } | { offset: number };

function nextStart(
  page: ListPage<Record<string, unknown>>,
  size: number,
  start: PageStart,
  read: number,
): PageStart | undefined {
  if (page.items.length < size || read >= MAX_CACHED_ROWS) return undefined;
  if (page.nextCursor !== undefined) return page.nextCursor ? { cursor: page.nextCursor } : undefined;
  return { offset: ('offset' in start ? start.offset : 0) + size };
}

async function syncDelta(fetcher: ApiFetch, meta: ListMeta, idKey: string): Promise<boolean> {
  const changed: Record<string, unknown>[] = [];
  for (let start: PageStart | undefined = { offset: 0 }; start;) {
    let page: ListPage<Record<string, unknown>>;
    let size: number;
    try {
      ({ page, size } = await fetchBigPage(fetcher, meta.path, { updatedSince: meta.maxUpdatedAt, ...start }));
    } catch (error) {
      if (error instanceof ListFetchError && error.status === 400) {
        // The endpoint does not know updatedSince: from now on the list is reloaded in full.
        await offlineDb.listMeta.put({ ...meta, supportsDelta: false });
        return false;
      }
      throw error;
    }
    changed.push(...page.items);
    start = nextStart(page, size, start, changed.length);
  }
  const deleted = await fetchDeletions(fetcher, meta);
  const maxUpdatedAt = newestUpdatedAt(changed, meta.maxUpdatedAt);
  await guardStorage(() =>
    offlineDb.transaction('rw', [offlineDb.listRows, offlineDb.listMeta, offlineDb.listViews], async () => {
      await offlineDb.listRows.bulkPut(changed.map((record) => toRow(meta.list, record, idKey)));
      if (deleted.length) {
        await offlineDb.listRows.bulkDelete(deleted.map((id) => [meta.list, id] as [string, string]));
        // Views seen earlier drop the deleted records too, so no screen shows them offline.
        const gone = new Set(deleted);
        await offlineDb.listViews
          .where('list')
          .equals(meta.list)
          .modify((view) => {
            const ids = view.ids.filter((id) => !gone.has(id));
            view.total -= view.ids.length - ids.length;
            view.ids = ids;
          });
      }
      await offlineDb.listMeta.put({
        ...meta,
        supportsDelta: true,
        lastDeltaSyncAt: new Date().toISOString(),
        ...(maxUpdatedAt ? { maxUpdatedAt } : {}),
      });
    }),
  );
  return true;
}

/**
 * A full reload, written page by page as it arrives (one short transaction each, the page yielding
 * between them) so a bench's first sync of thousands of samples never holds the screen still; the
 * records no longer on the server go once the last page is in. Until then the cache holds the old
 * and the new together, never less than either.
 */
async function syncFull(fetcher: ApiFetch, meta: ListMeta, idKey: string): Promise<void> {
  const seen = new Set<string>();
  let maxUpdatedAt: string | undefined;
  let everyHasUpdatedAt = true;
  for (let start: PageStart | undefined = { offset: 0 }; start;) {
    const { page, size } = await fetchBigPage(fetcher, meta.path, start);
    const rows = page.items.map((record) => toRow(meta.list, record, idKey));
    for (const row of rows) seen.add(row.id);
    maxUpdatedAt = newestUpdatedAt(page.items, maxUpdatedAt);
    everyHasUpdatedAt &&= page.items.every((record) => updatedAtOf(record) !== undefined);
    await writeInChunks(rows);
    start = seen.size >= page.total && !page.totalCapped ? undefined : nextStart(page, size, start, seen.size);
  }
  await guardStorage(() =>
    offlineDb.transaction('rw', [offlineDb.listRows, offlineDb.listMeta], async () => {
      // A full load is the truth: records no longer on the server go.
      const kept = await offlineDb.listRows.where('list').equals(meta.list).primaryKeys();
      await offlineDb.listRows.bulkDelete(kept.filter(([, id]) => !seen.has(id)));
      const next: ListMeta = { ...meta, lastFullSyncAt: new Date().toISOString() };
      if (maxUpdatedAt) next.maxUpdatedAt = maxUpdatedAt;
      else delete next.maxUpdatedAt;
      if (meta.supportsDelta !== false && seen.size > 0 && !everyHasUpdatedAt) next.supportsDelta = false;
      await offlineDb.listMeta.put(next);
    }),
  );
}

/** Rows written this many at a time, the page getting its turn between two writes. */
const WRITE_CHUNK_ROWS = 250;

async function writeInChunks(rows: ListRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += WRITE_CHUNK_ROWS) {
    const chunk = rows.slice(start, start + WRITE_CHUNK_ROWS);
    await guardStorage(() => offlineDb.listRows.bulkPut(chunk));
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
  }
}
