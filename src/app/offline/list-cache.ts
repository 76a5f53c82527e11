/**
 * Cached lists in IndexedDB (tables listRows, listViews, listMeta; see db.ts), without React so the
 * service worker can use it too. A list is kept two ways:
 * - the whole list (every record the user may see), loaded once in pages of 500 and then kept fresh
 *   with `updatedSince=<newest updatedAt seen>` (delta sync) where the endpoint understands it, with
 *   the tombstones of records deleted meanwhile (GET /api/deletions), and reloaded in full once a day;
 * - each filtered/paged view the user opened, as the server answered it (ids in order, total), so a
 *   screen opens offline exactly as it was last seen. A view never seen falls back to filtering the
 *   whole list locally.
 */
import { guardStorage, offlineDb, type ListRow, type OutboxEntry, type OutboxState } from './db.ts';

/** The filtered views of one list kept for offline use, the most recently loaded first. */
export const MAX_VIEWS_PER_LIST = 30;

/** A fetch that already carries the session (the page's or the worker's). Paths start with /api/. */
export type ApiFetch = (path: string, init?: RequestInit) => Promise<Response>;

export type ListQuery = Record<string, string | number | boolean | null | undefined>;

export type ListPage<T> = {
  items: T[];
  total: number;
  limit: number;
  offset: number;
  /** True when `total` is a lower bound (the server stops counting past the page). */
  totalCapped?: boolean;
  /** Lists walked by keyset answer the next page's cursor (null on the last page). */
  nextCursor?: string | null;
};

export class ListFetchError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ListFetchError';
  }
}

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/** The query as a stable string: the same filters give the same cached view. */
export function canonicalQuery(query: ListQuery = {}): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    if (isSet(value)) params.set(key, String(value));
  }
  return params.toString();
}

export function viewKeyOf(list: string, query: ListQuery = {}): string {
  return `${list}?${canonicalQuery(query)}`;
}

export function withQuery(path: string, query: ListQuery = {}): string {
  const search = canonicalQuery(query);
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

function recordId(record: Record<string, unknown>, idKey = 'id'): string {
  return String(record[idKey]);
}

export function updatedAtOf(record: Record<string, unknown>): string | undefined {
  const value = record.updatedAt;
  return typeof value === 'string' ? value : undefined;
}

export function toRow(list: string, record: Record<string, unknown>, idKey: string): ListRow {
  const row: ListRow = { list, id: recordId(record, idKey), record };
  const updatedAt = updatedAtOf(record);
  if (updatedAt) row.updatedAt = updatedAt;
  return row;
}

export function newestUpdatedAt(records: Record<string, unknown>[], since?: string): string | undefined {
  let newest = since;
  for (const record of records) {
    const updatedAt = updatedAtOf(record);
    if (updatedAt && (!newest || updatedAt > newest)) newest = updatedAt;
  }
  return newest;
}

export async function fetchPage<T>(fetcher: ApiFetch, path: string, query: ListQuery): Promise<ListPage<T>> {
  const response = await fetcher(withQuery(path, query), { headers: { accept: 'application/json' } });
  const body = (await response.json().catch(() => null)) as { message?: string; data?: ListPage<T> } | null;
  if (!response.ok || !body?.data || !Array.isArray(body.data.items))
    throw new ListFetchError(response.status, body?.message ?? `Could not load ${path} (${response.status})`);
  return body.data;
}

/** Loads one view from the server and keeps it (rows, ids in order, total) in one transaction. */
export async function loadListView<T extends Record<string, unknown>>(options: {
  fetcher: ApiFetch;
  list: string;
  path: string;
  query?: ListQuery;
  idKey?: string;
}): Promise<ListPage<T>> {
  const { fetcher, list, path, query = {}, idKey = 'id' } = options;
  const page = await fetchPage<T>(fetcher, path, query);
  const rows = page.items.map((item) => toRow(list, item, idKey));
  await guardStorage(() =>
    offlineDb.transaction('rw', [offlineDb.listRows, offlineDb.listViews, offlineDb.listMeta], async () => {
      await offlineDb.listRows.bulkPut(rows);
      await offlineDb.listViews.put({
        key: viewKeyOf(list, query),
        list,
        ids: rows.map((r) => r.id),
        total: page.total,
        fetchedAt: new Date().toISOString(),
      });
      // Every search and page a user opens is a view: keep the recent ones, not a year of them.
      const views = await offlineDb.listViews.where('list').equals(list).toArray();
      const stale = views
        .sort((a, b) => b.fetchedAt.localeCompare(a.fetchedAt))
        .slice(MAX_VIEWS_PER_LIST)
        .map((view) => view.key);
      if (stale.length) await offlineDb.listViews.bulkDelete(stale);
      const meta = (await offlineDb.listMeta.get(list)) ?? { list, path };
      const maxUpdatedAt = newestUpdatedAt(page.items, meta.maxUpdatedAt);
      await offlineDb.listMeta.put({ ...meta, path, ...(maxUpdatedAt ? { maxUpdatedAt } : {}) });
    }),
  );
  return page;
}

/**
 * After the server applied queued changes: put each answer into its cached list at once (a created
 * or updated record; a deleted one goes) and mark each list for refetch.
 */
export async function applyAppliedChanges(entries: OutboxEntry[], idKey = 'id'): Promise<void> {
  const applied = entries.filter((entry) => entry.entity?.list);
  if (applied.length === 0) return;
  // One transaction for the whole answered batch, and each list marked changed once: a hundred
  // check-ins would otherwise wake every open list a hundred times (and refetch it again and again).
  await guardStorage(() =>
    offlineDb.transaction('rw', [offlineDb.listRows, offlineDb.listMeta, offlineDb.listViews], async () => {
      const lists = new Set<string>();
      for (const entry of applied) {
        const list = entry.entity!.list;
        lists.add(list);
        await applyToRows(list, entry, (entry.responseBody as { data?: unknown } | null)?.data, idKey);
      }
      const now = new Date().toISOString();
      for (const list of lists) {
        const meta = await offlineDb.listMeta.get(list);
        if (meta) await offlineDb.listMeta.put({ ...meta, invalidatedAt: now });
      }
    }),
  );
}

async function applyToRows(list: string, entry: OutboxEntry, data: unknown, idKey: string) {
  if (entry.method === 'DELETE' && entry.entity?.id !== undefined) {
    const id = String(entry.entity.id);
    await offlineDb.listRows.delete([list, id]);
    await offlineDb.listViews
      .where('list')
      .equals(list)
      .modify((view) => {
        if (view.ids.includes(id)) {
          view.ids = view.ids.filter((x) => x !== id);
          view.total = Math.max(0, view.total - 1);
        }
      });
  } else if (data && typeof data === 'object' && !Array.isArray(data) && idKey in data) {
    const record = data as Record<string, unknown>;
    const existing = await offlineDb.listRows.get([list, recordId(record, idKey)]);
    await offlineDb.listRows.put(toRow(list, { ...existing?.record, ...record }, idKey));
  }
}

// ---------------------------------------------------------------------------------------------
// Reading a view offline and merging the outbox into it (pure functions, tested on their own).

export type CachedView = { records: Record<string, unknown>[]; total: number; fromServer: boolean };

const PAGING_KEYS = new Set(['limit', 'offset', 'orderBy', 'search', 'updatedSince']);

/**
 * How a list's own query parameters select records offline, for parameters that are not simply a
 * field of the record (`IDFLNumber` → `idflNumber`, `receivedFromDate` → `receivedDate ≥ …`),
 * written next to the list so it says the same as its server endpoint. `search` may be given too.
 */
export type OfflineFilters = Record<string, (record: Record<string, unknown>, value: string) => boolean>;

function matchesFilters(record: Record<string, unknown>, query: ListQuery, filters: OfflineFilters = {}): boolean {
  for (const [key, value] of Object.entries(query)) {
    if (!isSet(value)) continue;
    const own = filters[key];
    if (own) {
      if (!own(record, String(value))) return false;
      continue;
    }
    if (PAGING_KEYS.has(key)) continue;
    const field = record[key];
    if (field === undefined) continue;
    if (!String(field).toLowerCase().includes(String(value).toLowerCase())) return false;
  }
  const search = query.search;
  if (isSet(search) && !filters.search) {
    const needle = String(search).toLowerCase();
    const hit = Object.values(record).some(
      (field) =>
        (typeof field === 'string' || typeof field === 'number') && String(field).toLowerCase().includes(needle),
    );
    if (!hit) return false;
  }
  return true;
}

function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}

/**
 * Orders records as the list endpoints do for `orderBy` (`field:asc|desc`, or `-field`): by that
 * field, empty values last, then newest id first.
 */
function sortRecords(records: Record<string, unknown>[], orderBy: unknown, idKey = 'id') {
  if (!isSet(orderBy)) return records;
  const trimmed = String(orderBy).trim();
  const descending = trimmed.startsWith('-') || /[:\s]desc$/i.test(trimmed);
  const field = trimmed.replace(/^-/, '').split(/[:\s]/)[0] ?? '';
  if (!field) return records;
  return [...records].sort((a, b) => {
    const x = a[field];
    const y = b[field];
    const xEmpty = x === null || x === undefined || x === '';
    const yEmpty = y === null || y === undefined || y === '';
    if (xEmpty !== yEmpty) return xEmpty ? 1 : -1;
    const byField = xEmpty ? 0 : compareValues(x, y) * (descending ? -1 : 1);
    return byField || compareValues(b[idKey], a[idKey]);
  });
}

/**
 * The view as the server last gave it; for a view never loaded, the whole cached list filtered,
 * sorted and paged here, with the list's own `filters` for parameters that are not plain fields.
 */
export function readCachedView(options: {
  rows: ListRow[];
  view?: { ids: string[]; total: number };
  query?: ListQuery;
  filters?: OfflineFilters;
  idKey?: string;
}): CachedView {
  const { rows, view, query = {}, filters, idKey } = options;
  const byId = new Map(rows.map((row) => [row.id, row.record]));
  if (view) {
    const records = view.ids.map((id) => byId.get(id)).filter((r): r is Record<string, unknown> => r !== undefined);
    return { records, total: view.total, fromServer: true };
  }
  const matching = sortRecords(
    rows.map((row) => row.record).filter((record) => matchesFilters(record, query, filters)),
    query.orderBy,
    idKey,
  );
  const offset = Number(query.offset ?? 0) || 0;
  const limit = Number(query.limit ?? matching.length) || matching.length;
  return { records: matching.slice(offset, offset + limit), total: matching.length, fromServer: false };
}

type PendingAction = 'create' | 'update' | 'delete';
export type PendingMark = { key: string; state: OutboxState; action: PendingAction; error?: string };

export type MergedList<T> = {
  items: T[];
  total: number;
  /** Record ids (as strings) with an unsent change; created rows have the id `pending:<key>`. */
  pendingIds: Set<string>;
  pending: Map<string, PendingMark>;
};

const STATE_WEIGHT: Record<OutboxState, number> = { done: 0, pending: 1, sending: 2, failed: 3, conflict: 4 };

export const PENDING_ID_PREFIX = 'pending:';

/**
 * Shows the outbox's unsent changes in a list: a queued create appears first (on the first page)
 * with the id `pending:<key>`, a queued update overlays its fields on the row, a queued delete keeps
 * the row but marks it. Failed and conflicting changes stay marked until a person resolves them.
 */
export function mergePendingChanges<T>(options: {
  list: string;
  records: Record<string, unknown>[];
  total: number;
  entries: OutboxEntry[];
  idKey?: string;
  includeCreates?: boolean;
}): MergedList<T> {
  const { list, records, total, entries, idKey = 'id', includeCreates = true } = options;
  const unsent = entries
    .filter((entry) => entry.entity?.list === list && entry.state !== 'done')
    .sort((a, b) => a.seq - b.seq);
  const pending = new Map<string, PendingMark>();
  const mark = (id: string, next: PendingMark) => {
    const current = pending.get(id);
    if (!current || STATE_WEIGHT[next.state] >= STATE_WEIGHT[current.state]) pending.set(id, next);
  };
  const overlay = new Map<string, Record<string, unknown>>();
  const created: Record<string, unknown>[] = [];
  for (const entry of unsent) {
    const error = entry.lastError;
    const base = { key: entry.id, state: entry.state, ...(error ? { error } : {}) };
    const targetId = entry.entity?.id;
    if (targetId === undefined) {
      if (entry.method !== 'POST') continue;
      const id = `${PENDING_ID_PREFIX}${entry.id}`;
      const body = entry.body && typeof entry.body === 'object' ? (entry.body as Record<string, unknown>) : {};
      created.push({ ...body, [idKey]: id });
      mark(id, { ...base, action: 'create' });
      continue;
    }
    const id = String(targetId);
    if (entry.method === 'DELETE') {
      mark(id, { ...base, action: 'delete' });
      continue;
    }
    if (entry.body && typeof entry.body === 'object') {
      const { version: _staleVersion, ...fields } = entry.body as Record<string, unknown>;
      overlay.set(id, { ...overlay.get(id), ...fields });
    }
    mark(id, { ...base, action: 'update' });
  }
  const merged = records.map((record) => {
    const fields = overlay.get(recordId(record, idKey));
    return fields ? { ...record, ...fields } : record;
  });
  const shownCreates = includeCreates ? created.reverse() : [];
  return {
    items: [...shownCreates, ...merged] as T[],
    total: total + created.length,
    pendingIds: new Set(pending.keys()),
    pending,
  };
}
