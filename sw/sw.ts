/// <reference lib="webworker" />
/**
 * The service worker: opens the app shell with no network, sends the outbox when the browser grants
 * a Background Sync, and shows push notifications (relaying them to open pages).
 *
 * Authenticated API answers are never put in Cache Storage: the lists a user works from live in
 * IndexedDB (src/app/offline), per user, and are wiped on sign-out. Only the public country list
 * is cached here.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { drainOutbox, type DrainResult } from '../src/app/offline/drain.ts';
import type { TokenSource } from '../src/app/lib/session/authorised-request.ts';
import { mirrorRefreshedSession, readMirroredSession } from '../src/app/offline/session-mirror.ts';
import { OUTBOX_SYNC_TAG, type PageMessage, type WorkerMessage } from '../src/app/offline/sync-events.ts';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

// The app shell (scripts, styles, icons, index.html), versioned by vite-plugin-pwa at build time.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Deep links and reloads open the precached shell; the API and its docs always go to the network.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//] }));

// The public country list (booking form, pickers): usable offline, refreshed in the background.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname === '/api/common-country',
  new StaleWhileRevalidate({
    cacheName: 'public-lookups',
    plugins: [new ExpirationPlugin({ maxEntries: 20, maxAgeSeconds: 7 * 24 * 60 * 60 })],
  }),
);

// A new version waits until the person agrees (the page's prompt posts SKIP_WAITING), then takes
// over the open pages at once.
clientsClaim();

async function postToPages(message: WorkerMessage) {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const page of pages) page.postMessage(message);
}

/**
 * Renews the session with the mirrored refresh token, only when no page is open: refresh tokens
 * rotate with reuse detection, and an open page renews its own session (lib/session/session.ts) and
 * mirrors it. The pages' lock name is shared so a page opening meanwhile waits for this renewal.
 */
async function refreshSessionHere(): Promise<string | null> {
  const pages = await self.clients.matchAll({ type: 'window' });
  if (pages.length > 0) throw new Error('An open page renews the session');
  const renew = async (): Promise<string | null> => {
    const mirrored = await readMirroredSession();
    if (!mirrored) return null;
    const response = await fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: mirrored.refreshToken }),
    });
    if (response.status === 400 || response.status === 401 || response.status === 403) return null;
    if (!response.ok) throw new Error(`The session could not be renewed (${response.status})`);
    const login = (await response.json()) as { data: { accessToken: string; refreshToken: string } };
    const tokens = { accessToken: login.data.accessToken, refreshToken: login.data.refreshToken };
    await mirrorRefreshedSession(tokens, login);
    await postToPages({ type: 'SESSION_REFRESHED', ...tokens, login });
    return tokens.accessToken;
  };
  const locks = self.navigator.locks;
  return locks ? await locks.request('isotope-lab-session-refresh', renew) : renew();
}

const workerAuth: TokenSource = {
  getAccessToken: async () => (await readMirroredSession())?.accessToken ?? null,
  refreshAccessToken: refreshSessionHere,
};

async function drainFromWorker(waitForLock = false): Promise<DrainResult> {
  const result = await drainOutbox({ fetch: (url, init) => fetch(url, init), auth: workerAuth, waitForLock });
  if (result.done + result.failed + result.conflicts > 0) {
    await postToPages({
      type: 'OUTBOX_SYNCED',
      done: result.done,
      failed: result.failed,
      conflicts: result.conflicts,
      lists: result.lists,
    });
  }
  return result;
}

self.addEventListener('sync', (event: Event) => {
  const syncEvent = event as Event & { tag: string; waitUntil(promise: Promise<unknown>): void };
  if (syncEvent.tag !== OUTBOX_SYNC_TAG) return;
  syncEvent.waitUntil(
    drainFromWorker(true).then((result) => {
      // Rejecting asks the browser to try this sync again later (Chromium: up to 3 times).
      if (result.outcome === 'offline' || result.outcome === 'server-error' || result.outcome === 'busy')
        throw new Error(`Outbox not sent: ${result.outcome}`);
    }),
  );
});

self.addEventListener('message', (event) => {
  const message = event.data as PageMessage | undefined;
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
  else if (message?.type === 'DRAIN_OUTBOX') event.waitUntil(drainFromWorker());
});

type PushPayload = {
  id?: string;
  title?: string;
  message?: string;
  body?: string;
  time?: string;
  url?: string;
  kind?: string | null;
  params?: Record<string, string | number>;
};

function readPush(event: PushEvent): PushPayload {
  if (!event.data) return {};
  try {
    return event.data.json() as PushPayload;
  } catch {
    return { message: event.data.text() };
  }
}

self.addEventListener('push', (event) => {
  const payload = readPush(event);
  const title = payload.title ?? 'Isotope Lab';
  const message = payload.message ?? payload.body ?? '';
  const time = payload.time ?? new Date().toISOString();
  const url = payload.url ?? '/';
  // Settled, not all: without notification permission the page still hears about it (the bell).
  event.waitUntil(
    Promise.allSettled([
      self.registration.showNotification(title, {
        body: message,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        // One system notification per server notification, however often it is delivered.
        ...(payload.id ? { tag: `notification-${payload.id}` } : {}),
        data: { url },
      }),
      postToPages({
        type: 'NEW_NOTIFICATION',
        title,
        message,
        time,
        url,
        ...(payload.id ? { id: payload.id } : {}),
        ...(payload.kind ? { kind: payload.kind, params: payload.params ?? {} } : {}),
      }),
    ]),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | undefined)?.url ?? '/';
  event.waitUntil(
    (async () => {
      const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = pages.find((page) => new URL(page.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        if (url !== '/' && 'navigate' in open) await open.navigate(url).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
