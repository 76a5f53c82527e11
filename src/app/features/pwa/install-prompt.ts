/**
 * The browser's offer to install the app. It fires once, possibly before React mounts, so the app's
 * entry listens from the start; the button that uses it (install-button.tsx) is in the signed-in
 * header and comes with it, not with the entry.
 */
export type InstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };

let deferredPrompt: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function setDeferredPrompt(prompt: InstallPromptEvent | null) {
  deferredPrompt = prompt;
  for (const listener of listeners) listener();
}

/**
 * Links the web app manifest (public/manifest.webmanifest), which the browser reads to offer the
 * install. Linked once the first page is drawn, not from index.html: there the manifest and the icon
 * the browser fetches with it were two more requests before the first paint, on a phone's six
 * connections beside the page's own code and data. The offer follows the link, whenever it comes.
 */
export function linkWebManifest() {
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = '/manifest.webmanifest';
  document.head.append(link);
}

export function listenForInstallPrompt() {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    setDeferredPrompt(event as InstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => setDeferredPrompt(null));
}

export function installPrompt() {
  return deferredPrompt;
}

export function subscribeToInstallPrompt(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The offer is used up once answered: the browser will not show it again. */
export function forgetInstallPrompt() {
  setDeferredPrompt(null);
}
