import { useSyncExternalStore } from 'react';
import { isNetworkError, isServerUnavailable } from './api-error';

/**
 * Whether the server's last answer said it cannot work just now (its database is away, or it is
 * restarting). Empty lists then say "Server unavailable" rather than "No data", which would read as
 * if the laboratory had nothing. Any other answer clears it; no answer at all (offline) leaves it.
 */
let isUnavailable = false;
const listeners = new Set<() => void>();

export function noteServerAnswer(error?: unknown) {
  if (error !== undefined && isNetworkError(error)) return;
  const next = error !== undefined && isServerUnavailable(error);
  if (next === isUnavailable) return;
  isUnavailable = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useIsServerUnavailable(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isUnavailable,
    () => false,
  );
}
