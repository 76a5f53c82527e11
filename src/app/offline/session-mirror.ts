/**
 * The service worker cannot read localStorage, so the session's tokens are mirrored into IndexedDB
 * (`meta.session`) for it to sign the outbox's requests while no page is open. localStorage stays
 * the page's source of truth (lib/session/session.ts); the mirror is written on every change of it, and by
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

/** Where the app runs: a browser tab, or installed (its own window). */
function runningAs(): 'browser' | 'installed' {
  // matchMedia exists in windows only; this module is also part of the service worker.
  const scope = globalThis as { matchMedia?: (query: string) => { matches: boolean } };
  return scope.matchMedia?.('(display-mode: standalone)').matches ? 'installed' : 'browser';
}

/**
 * Asks the browser not to evict our storage under pressure: the outbox may hold the only copy of a
 * day's bench work. Asked once in a browser tab and once more when the app runs installed (browsers
 * grant it far more readily to an installed app). The browser may say no: the app works either way
 * and the sync page says what that means (isStoragePersistent).
 */
export async function requestPersistentStorage(): Promise<boolean> {
  // persist() exists in windows only (a worker's StorageManager lacks it).
  const storage = globalThis.navigator?.storage as (StorageManager & { persist?: () => Promise<boolean> }) | undefined;
  if (!storage?.persist) return false;
  const context = runningAs();
  const asked = await readMeta<unknown>(META_KEYS.persistRequested);
  // Older versions stored `true` for "asked in the browser".
  const askedIn = Array.isArray(asked) ? (asked as string[]) : asked === true ? ['browser'] : [];
  if (askedIn.includes(context)) return (await storage.persisted?.()) ?? false;
  await writeMeta(META_KEYS.persistRequested, [...askedIn, context]);
  try {
    return await storage.persist();
  } catch {
    return false;
  }
}

/** Whether the browser promised to keep this device's data; undefined when it cannot say. */
export async function isStoragePersistent(): Promise<boolean | undefined> {
  const storage = globalThis.navigator?.storage;
  if (!storage?.persisted) return undefined;
  try {
    return await storage.persisted();
  } catch {
    return undefined;
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
