/**
 * Registers the service worker (built from sw/sw.ts) and reports a waiting new version. The new
 * version takes over only when the user agrees (`applyUpdate`), then the page reloads once the new
 * worker controls it, so nobody loses a half-filled form to an update. The browser's own API, not a
 * helper library: this runs on every page's start. Registration waits for
 * the page's load, so the worker's precache of every chunk does not compete with the page itself.
 */
type UpdateListener = (waiting: boolean) => void;

let registration: ServiceWorkerRegistration | null = null;
let updateWaiting = false;
const updateListeners = new Set<UpdateListener>();

function setUpdateWaiting(waiting: boolean) {
  updateWaiting = waiting;
  for (const listener of updateListeners) listener(waiting);
}

/** A version is waiting only when an older one controls the page: a first install is no update. */
function watchForUpdates(found: ServiceWorkerRegistration) {
  registration = found;
  if (found.waiting && navigator.serviceWorker.controller) setUpdateWaiting(true);
  found.addEventListener('updatefound', () => {
    const installing = found.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) setUpdateWaiting(true);
    });
  });
}

export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(watchForUpdates, () => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
  // A bench tablet can stay open for days: look for a new version every hour.
  window.setInterval(() => void registration?.update().catch(() => undefined), 60 * 60 * 1000);
}

export function subscribeToUpdates(listener: UpdateListener) {
  updateListeners.add(listener);
  listener(updateWaiting);
  return () => {
    updateListeners.delete(listener);
  };
}

export function applyUpdate() {
  const waiting = registration?.waiting;
  if (!waiting) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}
