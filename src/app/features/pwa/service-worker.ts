import { Workbox } from 'workbox-window';

/**
 * Registers the service worker (built from sw/sw.ts) and reports a waiting new version. The new
 * version takes over only when the user agrees (`applyUpdate`), then the page reloads once the new
 * worker controls it, so nobody loses a half-filled form to an update.
 */
type UpdateListener = (waiting: boolean) => void;

let workbox: Workbox | null = null;
let updateWaiting = false;
const updateListeners = new Set<UpdateListener>();

function setUpdateWaiting(waiting: boolean) {
  updateWaiting = waiting;
  for (const listener of updateListeners) listener(waiting);
}

export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  workbox = new Workbox('/sw.js', { scope: '/', type: import.meta.env.DEV ? 'module' : 'classic' });
  workbox.addEventListener('waiting', () => setUpdateWaiting(true));
  void workbox.register();
  // A bench tablet can stay open for days: look for a new version every hour.
  window.setInterval(() => void workbox?.update(), 60 * 60 * 1000);
}

export function subscribeToUpdates(listener: UpdateListener) {
  updateListeners.add(listener);
  listener(updateWaiting);
  return () => {
    updateListeners.delete(listener);
  };
}

export function applyUpdate() {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}
