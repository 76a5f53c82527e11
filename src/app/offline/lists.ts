/**
 * `useOfflineList`: a server list as the screens use it, offline first. It shows at once what Dexie
 * holds (the view as last loaded, or the whole cached list filtered locally), merged with the
 * outbox's unsent changes, and refreshes from the server when it can: on mount, when the query
 * changes, when the network comes back, and when a drain changed the list on the server.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ListItemOf, ListPath, ListQueryOf } from '../../shared/api-contract.ts';
import { StorageFullError, offlineDb } from './db.ts';
import {
  canonicalQuery,
  ListFetchError,
  loadListView,
  mergePendingChanges,
  readCachedView,
  viewKeyOf,
  type ApiFetch,
  type ListQuery,
  type OfflineFilters,
  type PendingMark,
} from './list-cache.ts';
import { syncWholeList } from './list-sync.ts';
import { currentOutboxOwner, isOwnedBy } from './outbox.ts';
import { fetchWithSession } from './page-fetch.ts';
import { syncEvents, type SyncedDetail } from './sync-events.ts';
import { useIsOnline } from './use-is-online.ts';

export { PENDING_ID_PREFIX, type ListQuery, type OfflineFilters, type PendingMark } from './list-cache.ts';

export type UseOfflineListOptions<P extends ListPath> = {
  /** The cache's name for this list, e.g. 'countries'; outbox entries name it in `entity.list`. */
  list: string;
  /** The list endpoint, answering `{ result, message, data: { items, total, limit, offset } }`. */
  path: P;
  /** The endpoint's own query, as the contract names it (a renamed filter fails the typecheck). */
  query?: ListQueryOf<P>;
  idKey?: string;
  /** False to hold off (e.g. the user lacks the permission). */
  enabled?: boolean;
  /** For tests or other sessions; defaults to the signed-in session's fetch. */
  fetcher?: ApiFetch;
  /** How this list's query parameters select records offline (a module constant: it is not watched). */
  offlineFilters?: OfflineFilters;
};

export type OfflineList<T> = {
  items: T[];
  total: number;
  /** Nothing to show yet (no cached copy, first load running). */
  isLoading: boolean;
  /** True while the server cannot be reached: what is shown is the cached copy. */
  isOffline: boolean;
  isRefreshing: boolean;
  /** The server refused the list (e.g. 403), or storage is full; null otherwise. */
  error: string | null;
  /** Ids (as strings) of rows with an unsent change; queued creates have the id `pending:<key>`. */
  pendingIds: Set<string>;
  /** Per pending id: the outbox key, its state (pending, sending, failed, conflict) and action. */
  pending: Map<string, PendingMark>;
  refresh: () => Promise<void>;
};

/** When each whole list was last synced in this tab: the full-list sync is not worth every render. */
const wholeListSyncedAt = new Map<string, number>();
const WHOLE_LIST_EVERY_MS = 30_000;

/**
 * The rows are typed by the contract: `T` is the list path's item unless a caller names a wider
 * row (a joined or derived shape the same endpoint answers).
 */
export function useOfflineList<P extends ListPath, T = ListItemOf<P>>(
  options: UseOfflineListOptions<P>,
): OfflineList<T> {
  const { list, path, idKey = 'id', enabled = true, fetcher = fetchWithSession, offlineFilters } = options;
  // The query as a stable value: callers pass a new object on every render.
  const canonical = canonicalQuery((options.query ?? {}) as ListQuery);
  const stableQuery = useMemo<ListQuery>(() => Object.fromEntries(new URLSearchParams(canonical)), [canonical]);
  const viewKey = viewKeyOf(list, stableQuery);
  const isOnline = useIsOnline();
  const [isRefreshing, setRefreshing] = useState(false);
  const [unreachable, setUnreachable] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const snapshot = useLiveQuery(async () => {
    const [view, rows, entries, meta] = await Promise.all([
      offlineDb.listViews.get(viewKey),
      offlineDb.listRows.where('list').equals(list).toArray(),
      offlineDb.outbox.where('state').anyOf(['pending', 'sending', 'failed', 'conflict']).toArray(),
      offlineDb.listMeta.get(list),
    ]);
    // Another account's queued changes (a shared bench tablet) are not shown in this user's lists.
    const owner = currentOutboxOwner();
    return { view, rows, entries: entries.filter((e) => e.entity?.list === list && isOwnedBy(e, owner)), meta };
  }, [viewKey, list]);

  // One load at a time per view; a refresh asked for meanwhile (the server changed while the list
  // was on its way) runs once more after it, so the screen never settles on an answer older than
  // the change it was told about.
  const inFlight = useRef<{ key: string; promise: Promise<void>; again: boolean } | null>(null);
  const refresh = useCallback(() => {
    const running = inFlight.current;
    if (running?.key === viewKey) {
      running.again = true;
      return running.promise;
    }
    const state = { key: viewKey, again: false, promise: Promise.resolve() };
    state.promise = (async () => {
      do {
        state.again = false;
        await refreshNow();
      } while (state.again);
    })().finally(() => {
      if (inFlight.current === state) inFlight.current = null;
    });
    inFlight.current = state;
    return state.promise;

    async function refreshNow() {
      if (!enabled) return;
      if (typeof navigator !== 'undefined' && navigator.onLine === false) {
        setUnreachable(true);
        return;
      }
      setRefreshing(true);
      try {
        await loadListView({ fetcher: fetcher, list, path, query: stableQuery, idKey });
        setUnreachable(false);
        setError(null);
      } catch (failure) {
        if (failure instanceof ListFetchError) setError(failure.message);
        else if (failure instanceof StorageFullError) setError(failure.message);
        else setUnreachable(true);
        return;
      } finally {
        setRefreshing(false);
      }
      const last = wholeListSyncedAt.get(list) ?? 0;
      if (Date.now() - last > WHOLE_LIST_EVERY_MS) {
        wholeListSyncedAt.set(list, Date.now());
        // Best effort: the screen already shows the server's page; this only feeds offline use.
        await syncWholeList({ fetcher: fetcher, list, path, idKey }).catch(() => undefined);
      }
    }
  }, [enabled, list, path, idKey, viewKey, stableQuery, fetcher]);

  // On mount, on a new query and when the network comes back.
  useEffect(() => {
    if (isOnline) void refresh();
  }, [isOnline, refresh]);

  useEffect(() => {
    const onSynced = (event: Event) => {
      const detail = (event as CustomEvent<SyncedDetail>).detail;
      if (detail.lists.includes(list)) void refresh();
    };
    syncEvents.addEventListener('synced', onSynced);
    return () => syncEvents.removeEventListener('synced', onSynced);
  }, [list, refresh]);

  // A drain in the service worker marks the list invalidated in Dexie; the live query sees it.
  const invalidatedAt = snapshot?.meta?.invalidatedAt;
  const fetchedAt = snapshot?.view?.fetchedAt;
  useEffect(() => {
    if (invalidatedAt && (!fetchedAt || invalidatedAt > fetchedAt) && isOnline) void refresh();
  }, [invalidatedAt, fetchedAt, isOnline, refresh]);

  const merged = useMemo(() => {
    if (!snapshot) return undefined;
    const cached = readCachedView({
      rows: snapshot.rows,
      view: snapshot.view,
      query: stableQuery,
      idKey,
      ...(offlineFilters ? { filters: offlineFilters } : {}),
    });
    const offset = Number(stableQuery.offset ?? 0) || 0;
    return mergePendingChanges<T>({
      list,
      records: cached.records,
      total: cached.total,
      entries: snapshot.entries,
      idKey,
      includeCreates: offset === 0,
    });
  }, [snapshot, list, idKey, stableQuery, offlineFilters]);

  const hasCachedCopy = Boolean(snapshot?.view) || (snapshot?.rows.length ?? 0) > 0;
  return {
    items: merged?.items ?? [],
    total: merged?.total ?? 0,
    isLoading: snapshot === undefined || (!hasCachedCopy && isRefreshing),
    isOffline: !isOnline || unreachable,
    isRefreshing,
    error,
    pendingIds: merged?.pendingIds ?? new Set(),
    pending: merged?.pending ?? new Map(),
    refresh,
  };
}
