import { useSyncExternalStore } from 'react';

/**
 * In-app notifications (spec 3 "Notification (local)"): kept in localStorage under `notifications`,
 * newest first, at most 100. They arrive from the service worker as `{ type: 'NEW_NOTIFICATION' }`
 * messages (a push it displayed) or from the app itself.
 */
export type LocalNotification = { id: string; time: string; title: string; message: string };

const STORAGE_KEY = 'notifications';
const MAX_KEPT = 100;
const listeners = new Set<() => void>();
let cache: { raw: string | null; list: LocalNotification[] } = { raw: null, list: [] };

function read(): LocalNotification[] {
  let raw: string | null;
  try {
    raw = localStorage.getItem(STORAGE_KEY);
  } catch {
    raw = null;
  }
  if (raw === cache.raw) return cache.list;
  let list: LocalNotification[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) list = parsed as LocalNotification[];
  } catch {
    list = [];
  }
  cache = { raw, list };
  return list;
}

function write(list: LocalNotification[]) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(list.slice(0, MAX_KEPT)));
  } catch {
    // Quota: drop the oldest half and try once more; notifications are a convenience, not a record.
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(list.slice(0, MAX_KEPT / 2)));
    } catch {
      return;
    }
  }
  for (const listener of listeners) listener();
}

export function addNotification(input: { title: string; message: string; id?: string; time?: string }) {
  const notification: LocalNotification = {
    id: input.id ?? crypto.randomUUID(),
    time: input.time ?? new Date().toISOString(),
    title: input.title,
    message: input.message,
  };
  write([notification, ...read().filter((n) => n.id !== notification.id)]);
  return notification;
}

export function removeNotification(id: string) {
  write(read().filter((n) => n.id !== id));
}

export function clearNotifications() {
  write([]);
}

export function listNotifications(): LocalNotification[] {
  return read();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useNotifications(): LocalNotification[] {
  return useSyncExternalStore(subscribe, read, read);
}

type WorkerMessage = {
  type?: unknown;
  id?: unknown;
  title?: unknown;
  message?: unknown;
  body?: unknown;
  time?: unknown;
};

/** Stores notifications the service worker relays from push messages. */
export function listenForWorkerNotifications() {
  if (!('serviceWorker' in navigator)) return () => undefined;
  const onMessage = (event: MessageEvent<WorkerMessage>) => {
    const data = event.data;
    if (!data || data.type !== 'NEW_NOTIFICATION') return;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    addNotification({
      id: text(data.id) || undefined,
      time: text(data.time) || undefined,
      title: text(data.title),
      message: text(data.message) || text(data.body),
    });
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  return () => navigator.serviceWorker.removeEventListener('message', onMessage);
}
