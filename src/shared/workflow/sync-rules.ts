// What the offline outbox may send through POST /api/sync, read by the server's sync
// route, the app's outbox and drain, and the service worker. Which operations a bench may queue is
// declared per route (`offline: true`, server/http/offline-operations.ts); this file holds the rest.

/** The most mutations one POST /api/sync takes; the drain sends the outbox in batches of this size. */
export const SYNC_BATCH_LIMIT = 100;

/** Paths never sent through the outbox: no sync inside a sync, no sign-in or session change. */
const NEVER_QUEUED = ['/api/sync', '/api/auth'];

/**
 * The path of a queued mutation, if it is plainly written: resolved against the API itself (no
 * other origin), with no dot segments, percent-encoded path characters, backslashes or doubled
 * slashes that the router would read differently from how it is judged. Undefined otherwise.
 */
export function plainApiPath(path: string): { pathname: string; search: string } | undefined {
  const base = 'http://api.invalid';
  let url: URL;
  try {
    url = new URL(path, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base) return undefined;
  const [rawPath = ''] = path.split('?');
  if (rawPath !== url.pathname || /[%\\]|\/\//.test(rawPath)) return undefined;
  return { pathname: url.pathname, search: url.search };
}

/**
 * Whether a path may be queued at all: a plain API path outside sync and sign-in. The server then
 * also requires the operation to be declared offline; a path refused here would make a whole batch a 400.
 */
export function isSyncablePath(path: string): boolean {
  const plain = plainApiPath(path);
  if (!plain || !plain.pathname.startsWith('/api/')) return false;
  return !NEVER_QUEUED.some((prefix) => plain.pathname === prefix || plain.pathname.startsWith(`${prefix}/`));
}
