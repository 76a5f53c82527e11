import { useSyncExternalStore } from 'react';
import { getStoredLogin, sessionEvents, type LoginResponse } from './session';

let snapshot: { login: LoginResponse | null; raw: string | null } = { login: null, raw: null };

function readSnapshot() {
  const login = getStoredLogin();
  const raw = login ? JSON.stringify(login) : null;
  if (raw !== snapshot.raw) snapshot = { login, raw };
  return snapshot;
}

function subscribe(onChange: () => void) {
  sessionEvents.addEventListener('change', onChange);
  return () => sessionEvents.removeEventListener('change', onChange);
}

/** The stored login answer, re-rendering whenever the session is stored, rotated or cleared. */
export function useStoredLogin(): LoginResponse | null {
  return useSyncExternalStore(subscribe, readSnapshot, readSnapshot).login;
}

export function usePermissions(): string[] {
  return useStoredLogin()?.data.user.permissions ?? [];
}
