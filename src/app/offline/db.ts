/**
 * The one local database of the app (IndexedDB through Dexie), shared by the pages and the service
 * worker. What is kept where:
 *
 * - `outbox`    mutations made on this device and not yet confirmed by the server, in the order they
 *               were made (`seq`). The id is the Idempotency-Key the server dedupes on, so a resend
 *               after a lost answer changes nothing twice. Entries leave only when a person discards
 *               them or, once `done`, after a day.
 * - `listRows`  the records of every list a user has opened (key: list name + record id), with
 *               `updatedAt` so the list can be delta-synced with `updatedSince`.
 * - `listViews` one filtered/paged view of a list as the server last answered it (ids in order and
 *               total), so the same screen opens offline exactly as it was seen.
 * - `listMeta`  per list: newest `updatedAt` seen, last full and delta sync, whether the endpoint
 *               understands `updatedSince`.
 * - `meta`      small keyed values: the mirrored session tokens the service worker signs its
 *               requests with, "waiting for sign-in", whether persistent storage was asked for.
 *
 * Durability: Chromium commits IndexedDB with relaxed durability by default (a crash may lose the
 * last writes), which is not acceptable for the outbox: the database is opened with strict
 * durability. Writes of many rows go through one `bulkPut` in one transaction.
 *
 * Quota: every write that can grow the database goes through `guardStorage`, which turns Dexie's
 * QuotaExceededError into a `StorageFullError` with a message a person can act on, and tells pages
 * through `storageFullListeners` so the UI can say so. A full disk never drops an outbox entry
 * silently: `enqueueMutation` rejects and the caller shows the error.
 */
import Dexie, { type EntityTable } from 'dexie';
import type { MutationMethod } from '../../shared/api-contract.ts';

/** pending: waits to be sent; sending: in flight; failed: refused (4xx), needs a person; conflict: 409; done: applied. */
export type OutboxState = 'pending' | 'sending' | 'failed' | 'conflict' | 'done';

export type OutboxEntity = {
  list: string;
  id?: string | number;
  /**
   * The kind of record the id names when several lists show the same records (every bench's
   * sample list shows sample entries): changes to one record chain across lists. Defaults to `list`.
   */
  record?: string;
};

export type OutboxEntry = {
  /** The Idempotency-Key (a UUID). */
  id: string;
  /** Order of creation on this device: the outbox is sent in this order. */
  seq: number;
  method: MutationMethod;
  path: string;
  body?: unknown;
  /** What a person sees on the sync page, e.g. "Add country VN". */
  label: string;
  entity?: OutboxEntity;
  createdAt: string;
  state: OutboxState;
  attempts: number;
  lastAttemptAt?: string;
  lastError?: string;
  responseStatus?: number;
  responseBody?: unknown;
  /** On a conflict: the server's current record (409 answers carry it in `data`). */
  serverRecord?: unknown;
  /**
   * The user who made the change (the `sub` of their access token). A bench tablet is shared: a
   * change is only ever sent with its maker's session, never with whoever signs in next.
   */
  ownerId?: string;
  doneAt?: string;
  /**
   * Done, but by someone else first (another tablet checked the sample in while this one was
   * offline): who and when, as the server said. The change is let go, not held as a conflict.
   */
  doneElsewhere?: { by: string; at: string };
  /** When a person was told of this conflict (a toast): each conflict is told once. */
  conflictToldAt?: string;
};

export type ListRow = {
  list: string;
  /** The record id as a string (numbers and UUIDs alike). */
  id: string;
  updatedAt?: string;
  record: Record<string, unknown>;
};

type ListView = {
  /** `list` + the canonical query string. */
  key: string;
  list: string;
  ids: string[];
  total: number;
  fetchedAt: string;
};

export type ListMeta = {
  list: string;
  path: string;
  maxUpdatedAt?: string;
  lastFullSyncAt?: string;
  lastDeltaSyncAt?: string;
  /** false once the endpoint refused `updatedSince` or its records carry no `updatedAt`. */
  supportsDelta?: boolean;
  /** Set when a drain changed this list on the server: open views refetch. */
  invalidatedAt?: string;
};

type MetaRecord = { key: string; value: unknown };

export const OFFLINE_DB_NAME = 'isotope-lab-offline';

export type OfflineDatabase = Dexie & {
  outbox: EntityTable<OutboxEntry, 'id'>;
  listRows: Dexie.Table<ListRow, [string, string]>;
  listViews: EntityTable<ListView, 'key'>;
  listMeta: EntityTable<ListMeta, 'list'>;
  meta: EntityTable<MetaRecord, 'key'>;
};

function openOfflineDatabase(): OfflineDatabase {
  const db = new Dexie(OFFLINE_DB_NAME, { chromeTransactionDurability: 'strict' }) as OfflineDatabase;
  db.version(1).stores({
    outbox: 'id, &seq, state',
    listRows: '[list+id], list, [list+updatedAt]',
    listViews: 'key, list',
    listMeta: 'list',
    meta: 'key',
  });
  return db;
}

export const offlineDb = openOfflineDatabase();

export class StorageFullError extends Error {
  constructor(cause: unknown) {
    super('This device has no room left to keep offline data. Free some space or send your pending changes.');
    this.name = 'StorageFullError';
    this.cause = cause;
  }
}

export const storageFullListeners = new Set<(error: StorageFullError) => void>();

function isQuotaError(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const name = (current as { name?: string }).name;
    if (name === Dexie.errnames.QuotaExceeded || name === 'QuotaExceededError') return true;
    current = (current as { inner?: unknown; cause?: unknown }).inner ?? (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Runs a write; a full disk becomes a StorageFullError that the UI is told about. */
export async function guardStorage<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    const full = new StorageFullError(error);
    for (const listener of storageFullListeners) listener(full);
    throw full;
  }
}

export async function readMeta<T>(key: string): Promise<T | undefined> {
  return (await offlineDb.meta.get(key))?.value as T | undefined;
}

export async function writeMeta(key: string, value: unknown): Promise<void> {
  await guardStorage(() => offlineDb.meta.put({ key, value }));
}

export async function deleteMeta(key: string): Promise<void> {
  await offlineDb.meta.delete(key);
}

/**
 * The user id inside an access token (the JWT's `sub`), read without verifying: only to tell whose
 * session this device holds; the server verifies every token it is sent.
 */
export function ownerOfToken(token: string | null | undefined): string | undefined {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' || typeof sub === 'number' ? String(sub) : undefined;
  } catch {
    return undefined;
  }
}

/** True when the entry may be shown or sent for `owner` (entries with no recorded maker belong to anyone). */
export function isOwnedBy(entry: Pick<OutboxEntry, 'ownerId'>, owner: string | undefined): boolean {
  return !entry.ownerId || entry.ownerId === owner;
}

export const META_KEYS = {
  session: 'session',
  waitingForSignIn: 'waitingForSignIn',
  persistRequested: 'persistRequested',
  lastDrain: 'lastDrain',
} as const;
