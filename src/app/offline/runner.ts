/**
 * The page's outbox runner. Background Sync exists only in Chromium and gives up after 3 tries,
 * so open pages also drain: on start, on `online`, right after a change is queued,
 * and on a timer with exponential backoff while the server cannot be reached. It runs the same
 * drain as the service worker (drain.ts) under the same device-wide lock.
 *
 * It also keeps the session mirror (session-mirror.ts) in step with lib/session/session.ts, and relays the
 * service worker's messages (OUTBOX_SYNCED, SESSION_REFRESHED) to the page.
 */
import {
  getAccessToken,
  getRefreshToken,
  refreshAccessToken,
  sessionEvents,
  storeSession,
  type LoginResponse,
  type SessionTokens,
} from '../lib/session/session.ts';
import { drainOutbox, type DrainResult } from './drain.ts';
import type { TokenSource } from '../lib/session/authorised-request.ts';
import { outboxChangeListeners, pruneDoneMutations } from './outbox.ts';
import { mirrorSession, readMirroredSession } from './session-mirror.ts';
import { OUTBOX_SYNC_TAG, announceSynced, type WorkerMessage } from './sync-events.ts';

const FIRST_RETRY_MS = 5_000;
const LONGEST_RETRY_MS = 5 * 60_000;
/** With nothing unsent the timer only looks at the local outbox now and then. */
const IDLE_CHECK_MS = 60_000;

const pageAuth: TokenSource = {
  getAccessToken: () => getAccessToken(),
  async refreshAccessToken() {
    const token = await refreshAccessToken();
    if (token) return token;
    // lib/session keeps the refresh token when the server was unreachable: that is offline, not signed out.
    if (getRefreshToken()) throw new Error('The server could not be reached to renew the session');
    return null;
  },
};

let users = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let consecutiveFailures = 0;
let running: Promise<DrainResult> | null = null;
let rerunRequested = false;
let stopListening: (() => void) | undefined;

/** Milliseconds before the next try after `failures` failed drains: 5 s doubling to 5 min, with jitter. */
export function retryDelay(failures: number, random = Math.random): number {
  const base = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.8 + random() * 0.4));
}

function schedule(ms: number) {
  if (users === 0) return;
  clearTimeout(timer);
  timer = setTimeout(() => void drainNow(), ms);
}

function registerBackgroundSync() {
  const container = globalThis.navigator?.serviceWorker;
  if (!container?.controller) return;
  void container.ready
    .then((registration) => {
      const sync = (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
        .sync;
      return sync?.register(OUTBOX_SYNC_TAG);
    })
    .catch(() => undefined);
}

async function afterDrain(result: DrainResult): Promise<DrainResult> {
  if (result.done + result.failed + result.conflicts > 0) announceSynced(result);
  switch (result.outcome) {
    case 'offline':
    case 'server-error':
      consecutiveFailures += 1;
      // If this tab closes before the network returns, the worker takes over (where it can).
      registerBackgroundSync();
      schedule(retryDelay(consecutiveFailures));
      break;
    case 'busy':
      // Another tab or the worker is sending: look again shortly for what it did not take.
      schedule(2_000);
      break;
    case 'waiting-for-sign-in':
      // Resumes on the session's next change (sign-in).
      clearTimeout(timer);
      break;
    default:
      consecutiveFailures = 0;
      schedule(rerunRequested ? 0 : IDLE_CHECK_MS);
  }
  rerunRequested = false;
  return result;
}

/** Sends the outbox now (or joins the drain already running in this tab). */
export function drainNow(): Promise<DrainResult> {
  if (running) {
    rerunRequested = true;
    return running;
  }
  clearTimeout(timer);
  running = drainOutbox({ fetch: (url, init) => fetch(url, init), auth: pageAuth })
    .then(afterDrain)
    .finally(() => {
      running = null;
    });
  return running;
}

/**
 * A tab opened after the worker refreshed the session on its own takes the worker's tokens; else
 * the worker gets this tab's tokens (a session stored before this code ran was never mirrored).
 */
async function reconcileSessionMirror() {
  const mirrored = await readMirroredSession();
  const refreshToken = getRefreshToken();
  const accessToken = getAccessToken();
  if (!refreshToken || !accessToken) return;
  if (mirrored?.source === 'service-worker' && mirrored.refreshToken !== refreshToken && mirrored.login) {
    storeSession(mirrored.login as LoginResponse);
    return;
  }
  if (mirrored?.refreshToken !== refreshToken || mirrored.accessToken !== accessToken)
    await mirrorSession({ accessToken, refreshToken });
}

function onWorkerMessage(event: MessageEvent<WorkerMessage>) {
  const message = event.data;
  if (!message || typeof message !== 'object') return;
  if (message.type === 'OUTBOX_SYNCED') {
    announceSynced({ done: message.done, failed: message.failed, conflicts: message.conflicts, lists: message.lists });
  } else if (message.type === 'SESSION_REFRESHED' && message.login) {
    storeSession(message.login as LoginResponse);
  }
}

function start() {
  const onOnline = () => {
    consecutiveFailures = 0;
    void drainNow();
  };
  const onQueued = () => {
    registerBackgroundSync();
    void drainNow();
  };
  const onSessionChange = (event: Event) => {
    const tokens = (event as CustomEvent<SessionTokens | null>).detail;
    void mirrorSession(tokens).catch(() => undefined);
    if (tokens) void drainNow();
  };
  window.addEventListener('online', onOnline);
  outboxChangeListeners.add(onQueued);
  sessionEvents.addEventListener('change', onSessionChange);
  const container = globalThis.navigator?.serviceWorker;
  container?.addEventListener('message', onWorkerMessage);
  stopListening = () => {
    window.removeEventListener('online', onOnline);
    outboxChangeListeners.delete(onQueued);
    sessionEvents.removeEventListener('change', onSessionChange);
    container?.removeEventListener('message', onWorkerMessage);
  };
  void (async () => {
    await reconcileSessionMirror().catch(() => undefined);
    await pruneDoneMutations().catch(() => undefined);
    if (users > 0) await drainNow();
  })();
}

/**
 * Starts the runner for as long as the returned function is not called (counted: several
 * components may hold it). The sync indicator holds it, so it runs wherever a signed-in screen is.
 */
export function startOutboxRunner(): () => void {
  users += 1;
  if (users === 1) start();
  return () => {
    users -= 1;
    if (users > 0) return;
    clearTimeout(timer);
    stopListening?.();
    stopListening = undefined;
  };
}
