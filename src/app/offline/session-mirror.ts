/**
 * The service worker cannot read localStorage, so the session's tokens are mirrored into IndexedDB
 * (`meta.session`) for it to sign the outbox's requests while no page is open. localStorage stays
 * the page's source of truth (lib/session.ts); the mirror is written on every change of it, and by
 * the worker when it had to refresh the tokens itself (then `source` is 'service-worker' and the
 * page adopts the mirror's tokens when it starts: see runner.ts).
 */
import { META_KEYS, deleteMeta, offlineDb, readMeta, writeMeta } from './db.ts';

export type MirroredTokens = { accessToken: string; refreshToken: string };

export type MirroredSession = MirroredTokens & {
  source: 'page' | 'service-worker';
  updatedAt: string;
  /** The whole login/refresh answer when the worker refreshed, so the page can store it as is. */
  login?: unknown;
};

/** Keeps the tokens for the service worker; null forgets them (signed out). */
export async function mirrorSession(tokens: MirroredTokens | null): Promise<void> {
  if (!tokens) {
    await deleteMeta(META_KEYS.session);
    return;
  }
  const previous = await readMirroredSession();
  const session: MirroredSession = {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    source: 'page',
    updatedAt: new Date().toISOString(),
  };
  await writeMeta(META_KEYS.session, session);
  // A new sign-in (not a rotation of the same session) releases changes held for sign-in.
  if (!previous || previous.refreshToken !== tokens.refreshToken) await deleteMeta(META_KEYS.waitingForSignIn);
  await requestPersistentStorage();
}

/** Written by the service worker after it refreshed the session on its own. */
export async function mirrorRefreshedSession(tokens: MirroredTokens, login: unknown): Promise<void> {
  const session: MirroredSession = { ...tokens, login, source: 'service-worker', updatedAt: new Date().toISOString() };
  await writeMeta(META_KEYS.session, session);
}

export async function readMirroredSession(): Promise<MirroredSession | undefined> {
  return readMeta<MirroredSession>(META_KEYS.session);
}

/**
 * Asks the browser, once per device, not to evict our storage under pressure: the outbox may hold
 * the only copy of a day's bench work. The browser may say no; the app works either way.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  // persist() exists in windows only (a worker's StorageManager lacks it).
  const storage = globalThis.navigator?.storage as (StorageManager & { persist?: () => Promise<boolean> }) | undefined;
  if (!storage?.persist) return false;
  if (await readMeta<boolean>(META_KEYS.persistRequested)) return (await storage.persisted?.()) ?? false;
  await writeMeta(META_KEYS.persistRequested, true);
  try {
    return await storage.persist();
  } catch {
    return false;
  }
}

/**
 * Wipes everything this device keeps offline: cached lists, the outbox and the mirrored session.
 * The UI warns before calling this while changes are unsent (countPendingMutations).
 */
export async function clearOfflineData(): Promise<void> {
  await offlineDb.transaction(
    'rw',
    [offlineDb.outbox, offlineDb.listRows, offlineDb.listViews, offlineDb.listMeta, offlineDb.meta],
    async () => {
      await Promise.all([
        offlineDb.outbox.clear(),
        offlineDb.listRows.clear(),
        offlineDb.listViews.clear(),
        offlineDb.listMeta.clear(),
        offlineDb.meta.clear(),
      ]);
    },
  );
}
