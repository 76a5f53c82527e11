/**
 * The outbox: every change made in the app is written here first, shown at once as pending, and sent
 * to `POST /api/sync` in order by the drain (drain.ts) from the page or the service worker. Nothing
 * leaves the outbox unless the server applied it or a person discarded it.
 */
import {
  pathWithQuery,
  type ContractMutation,
  type MutationMethod,
  type MutationMethodOf,
  type MutationPath,
} from '../../shared/api-contract.ts';
import { isSyncablePath } from '../../shared/workflow/sync-rules.ts';
import { getAccessToken } from '../lib/session/session.ts';
import { guardStorage, offlineDb, ownerOfToken, type OutboxEntity, type OutboxEntry, type OutboxState } from './db.ts';

export type { OutboxEntry } from './db.ts';
export { isOwnedBy } from './db.ts';

/** What the outbox keeps of a change besides the request itself. */
type MutationNote = {
  /** What a person sees on the sync page, in their language, e.g. "Add country VN". */
  label: string;
  /** The cached list this change belongs to, so the list can show it as pending. */
  entity?: OutboxEntity;
  /** The Idempotency-Key a direct attempt already used, so a resend of it is applied once. */
  key?: string;
};

/** A change as the app writes it: typed against the contract (path, query and body), plus its note. */
export type MutationRequest<P extends MutationPath, M extends MutationMethodOf<P>> = ContractMutation<P, M> &
  MutationNote;

/** A change already written out, its query in the path: how the outbox stores and sends it. */
export type WrittenMutation = MutationNote & {
  method: MutationMethod;
  /** The API path with its query, e.g. `/api/country` or `/api/country?id=4`. */
  path: string;
  body?: unknown;
};

/** The change as stored and sent: the query written into the path. */
export function writeOut<P extends MutationPath, M extends MutationMethodOf<P>>(
  request: MutationRequest<P, M>,
): WrittenMutation {
  const { query, ...rest } = request;
  return {
    ...rest,
    method: request.method as MutationMethod,
    path: pathWithQuery(request.path, query as object | undefined),
  };
}

/** States that still wait for the server or for a person: everything except done. */
const UNSENT_STATES: readonly OutboxState[] = ['pending', 'sending', 'failed', 'conflict'];

const METHODS = new Set<string>(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Called after each enqueue or retry, so the page-side runner can send at once. */
export const outboxChangeListeners = new Set<() => void>();

function notifyOutboxChanged() {
  for (const listener of outboxChangeListeners) listener();
}

function assertSyncable(request: WrittenMutation) {
  if (!METHODS.has(request.method)) throw new Error(`Cannot queue a ${request.method} request`);
  // The server's /api/sync rule, checked before the entry is kept: a bad entry would make the whole batch a 400.
  if (!isSyncablePath(request.path)) throw new Error(`Cannot queue a request to ${request.path}`);
}

/**
 * Writes a change to the outbox (durably) and returns its key, which is also the Idempotency-Key the
 * server dedupes on. Rejects with StorageFullError when the device is full: the change is then NOT
 * kept and the caller must say so. The request is typed against the contract: a path the server does
 * not answer, or a query or body field it does not read, fails `npm run typecheck`.
 */
export function enqueueMutation<P extends MutationPath, M extends MutationMethodOf<P>>(
  request: MutationRequest<P, M>,
): Promise<string> {
  return enqueueWritten(writeOut(request));
}

/**
 * Keeps a change already written out (its query in the path). The app writes changes through
 * `enqueueMutation`; this is for a request read back or built outside the contract's types, and
 * the checks below still refuse what /api/sync would.
 */
export async function enqueueWritten(request: WrittenMutation): Promise<string> {
  assertSyncable(request);
  const key = request.key ?? crypto.randomUUID();
  const ownerId = ownerOfToken(getAccessToken());
  await guardStorage(() =>
    offlineDb.transaction('rw', offlineDb.outbox, async () => {
      const last = await offlineDb.outbox.orderBy('seq').last();
      const entry: OutboxEntry = {
        id: key,
        seq: (last?.seq ?? 0) + 1,
        method: request.method,
        path: request.path,
        label: request.label,
        createdAt: new Date().toISOString(),
        state: 'pending',
        attempts: 0,
      };
      if (request.body !== undefined) entry.body = request.body;
      if (request.entity) entry.entity = { ...request.entity };
      if (ownerId) entry.ownerId = ownerId;
      await offlineDb.outbox.add(entry);
    }),
  );
  notifyOutboxChanged();
  return key;
}

/** Whose changes this tab would send: the signed-in user's id, from the access token. */
export function currentOutboxOwner(): string | undefined {
  return ownerOfToken(getAccessToken());
}

/**
 * Changes not yet applied by the server (pending, sending, failed or in conflict), whoever made
 * them: signing out wipes them all, so the warning before it counts them all.
 */
export async function countPendingMutations(): Promise<number> {
  return offlineDb.outbox
    .where('state')
    .anyOf([...UNSENT_STATES])
    .count();
}

/** The whole outbox in the order it is sent. */
export async function listMutations(): Promise<OutboxEntry[]> {
  return offlineDb.outbox.orderBy('seq').toArray();
}

export async function getMutation(key: string): Promise<OutboxEntry | undefined> {
  return offlineDb.outbox.get(key);
}

/** Sends a failed or conflicting change again, exactly as it was (same key, same body). */
export async function retryMutation(key: string): Promise<void> {
  await offlineDb.outbox
    .where('id')
    .equals(key)
    .modify((entry) => {
      if (entry.state === 'failed' || entry.state === 'conflict') entry.state = 'pending';
    });
  notifyOutboxChanged();
}

/** Sends every failed change again (not conflicts: those need a person to look at the server's version). */
export async function retryFailedMutations(): Promise<void> {
  await offlineDb.outbox
    .where('state')
    .equals('failed')
    .modify((entry) => {
      entry.state = 'pending';
    });
  notifyOutboxChanged();
}

/**
 * Resolves a stale-write conflict in favour of this device: the change is resent with the server's
 * current `version`, under a NEW key (a key always stands for one exact request), in its old place.
 */
export async function overwriteServerVersion(key: string): Promise<string | undefined> {
  const freshKey = crypto.randomUUID();
  let replaced = false;
  await guardStorage(() =>
    offlineDb.transaction('rw', offlineDb.outbox, async () => {
      const entry = await offlineDb.outbox.get(key);
      if (!entry || entry.state !== 'conflict') return;
      const serverVersion = (entry.serverRecord as { version?: unknown } | undefined)?.version;
      const body =
        entry.body && typeof entry.body === 'object' && typeof serverVersion === 'number'
          ? { ...(entry.body as Record<string, unknown>), version: serverVersion }
          : entry.body;
      await offlineDb.outbox.delete(key);
      const next: OutboxEntry = { ...entry, id: freshKey, body, state: 'pending', attempts: 0 };
      delete next.serverRecord;
      delete next.responseBody;
      delete next.responseStatus;
      delete next.lastError;
      await offlineDb.outbox.add(next);
      replaced = true;
    }),
  );
  notifyOutboxChanged();
  return replaced ? freshKey : undefined;
}

/** Drops a change a person decided not to send (the UI asks for confirmation first). */
export async function discardMutation(key: string): Promise<void> {
  await offlineDb.outbox.delete(key);
  notifyOutboxChanged();
}

/** Drops several refused changes at once (a person chose to, after a confirmation). */
export async function discardMutations(keys: string[]): Promise<void> {
  await offlineDb.outbox.bulkDelete(keys);
  notifyOutboxChanged();
}

/** Forgets applied changes older than `ageMs`; they are kept a while to show what was sent. */
export async function pruneDoneMutations(ageMs = 24 * 60 * 60 * 1000, now = Date.now()): Promise<number> {
  const before = new Date(now - ageMs).toISOString();
  return offlineDb.outbox
    .where('state')
    .equals('done')
    .filter((entry) => (entry.doneAt ?? entry.createdAt) < before)
    .delete();
}
