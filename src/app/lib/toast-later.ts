/**
 * Toasts without sonner at start: the sign-in page and the order form start
 * without the toasts' library, and the root mounts its Toaster (shell/toasts.tsx) only once a toast
 * is wanted. Code that runs at start shows its toasts through `toastLater`, which fetches sonner with
 * the first one; a screen imports `toast` from `lib/toast`, which brings sonner with the screen.
 * A toast shown before the Toaster is mounted appears when it mounts.
 */
import { fetchOnce } from './on-demand';

type Toast = (typeof import('sonner'))['toast'];

let wanted = false;
const listeners = new Set<() => void>();
const fetchToast = fetchOnce(() => import('sonner').then((chunk): Toast => chunk.toast));

/** From now on the app shows toasts: the root mounts its Toaster. */
export function wantToasts() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export function toastsWanted() {
  return wanted;
}

export function subscribeToToastsWanted(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Shows a toast from code that runs at start, once sonner is here. */
export function toastLater(show: (toast: Toast) => void) {
  wantToasts();
  // Offline before the service worker held sonner: this toast is lost, the next one tries again.
  fetchToast().then(show, () => undefined);
}
