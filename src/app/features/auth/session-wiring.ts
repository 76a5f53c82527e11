import { sessionEvents, type SessionTokens } from '@/app/lib/session/session';

/**
 * Keeps the service worker's copy of the tokens (IndexedDB) in step with localStorage. The offline
 * layer is loaded on first use so the sign-in screen does not pay for IndexedDB code.
 */
export function mirrorSessionChanges() {
  sessionEvents.addEventListener('change', (event) => {
    const tokens = (event as CustomEvent<SessionTokens | null>).detail;
    void import('@/app/offline/session-mirror')
      .then(({ mirrorSession }) => mirrorSession(tokens))
      .catch(() => undefined);
  });
}
