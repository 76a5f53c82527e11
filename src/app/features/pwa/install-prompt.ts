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
