/**
 * The signed-in session, kept in localStorage under the four keys the specification names:
 * - `access_token`  the short-lived bearer token;
 * - `refresh_token` the rotating refresh token (POST /api/auth/refresh trades it for a new pair);
 * - `user`          the full login response `{ result, message, data }`;
 * - `user_info`     the profile inside it (display name, e-mail, permissions...).
 * plus `redirect_after_login`, the path a protected screen remembered before showing the login form.
 *
 * This module is the only place that reads or writes those keys. Requests carry the tokens through
 * `pageSession` (authorised-request.ts); the offline layer hears about every change through
 * `sessionEvents`. Quota errors: the session is a few kilobytes; if the browser refuses
 * to store it we keep it in memory for this tab so sign-in still works until reload.
 */

import type { components, paths } from '../../../shared/api-types.ts';
import { HOAN_VU_LAB_ROLE } from '@/shared/permissions';
import type { TokenSource } from './authorised-request.ts';
import { LAB_TIME_ZONE_KEY } from '../words/lab-time-zone.ts';

const SESSION_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  user: 'user',
  userInfo: 'user_info',
  redirectAfterLogin: 'redirect_after_login',
} as const;

/** The profile as the contract names it (the `Profile` schema). */
type SessionProfile = components['schemas']['Profile'];

/** The login (or refresh) answer exactly as the server sends it. */
export type LoginResponse = paths['/api/auth']['post']['responses'][200]['content']['application/json'];

export type SessionTokens = { accessToken: string; refreshToken: string };

/**
 * `change`: tokens were stored, rotated or cleared (detail: `SessionTokens | null`).
 * `expired`: the refresh token was refused; the user must sign in again.
 */
export type SessionEventName = 'change' | 'expired';
export const sessionEvents = new EventTarget();

const memoryFallback = new Map<string, string>();

function readKey(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? memoryFallback.get(key) ?? null;
  } catch {
    return memoryFallback.get(key) ?? null;
  }
}

function writeKey(key: string, value: string) {
  try {
    globalThis.localStorage.setItem(key, value);
    memoryFallback.delete(key);
  } catch {
    memoryFallback.set(key, value);
  }
}

function removeKey(key: string) {
  memoryFallback.delete(key);
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // Storage unavailable: nothing was stored there either.
  }
}

function parseJson<T>(text: string | null): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

function emit(name: SessionEventName, detail: SessionTokens | null) {
  sessionEvents.dispatchEvent(new CustomEvent(name, { detail }));
}

export function getAccessToken(): string | null {
  return readKey(SESSION_KEYS.accessToken);
}

export function getRefreshToken(): string | null {
  return readKey(SESSION_KEYS.refreshToken);
}

export function getStoredLogin(): LoginResponse | null {
  return parseJson<LoginResponse>(readKey(SESSION_KEYS.user));
}

function getUserInfo(): SessionProfile | null {
  return parseJson<SessionProfile>(readKey(SESSION_KEYS.userInfo));
}

/** The first role of the login answer decides the landing page. */
export function getFirstRole(): string | null {
  return getStoredLogin()?.data?.roles?.[0] ?? null;
}

/** The third lab's staff have their own screen and layout. */
export function isThirdLabUser(): boolean {
  return getFirstRole() === HOAN_VU_LAB_ROLE;
}

export function hasStoredUser(): boolean {
  return getStoredLogin() !== null && getAccessToken() !== null;
}

export function getPermissions(): string[] {
  return getUserInfo()?.permissions ?? [];
}

/** Stores a login or refresh answer under the four keys and tells listeners. */
export function storeSession(response: LoginResponse) {
  writeKey(SESSION_KEYS.accessToken, response.data.accessToken);
  writeKey(SESSION_KEYS.refreshToken, response.data.refreshToken);
  writeKey(SESSION_KEYS.user, JSON.stringify(response));
  writeKey(SESSION_KEYS.userInfo, JSON.stringify(response.data.user));
  emit('change', { accessToken: response.data.accessToken, refreshToken: response.data.refreshToken });
}

// What belongs to the device, not to whoever signed in: the interface language is the bench's, and
// the laboratory's time zone the laboratory's.
const KEPT_ON_SIGN_OUT = ['language', LAB_TIME_ZONE_KEY];

/** Signing out or an expired session clears localStorage, as the specification asks. */
export function clearSession() {
  memoryFallback.clear();
  try {
    const kept = KEPT_ON_SIGN_OUT.map((key) => [key, localStorage.getItem(key)] as const);
    localStorage.clear();
    for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the in-memory copy is gone already.
  }
  emit('change', null);
}

/** The server refused our tokens for good: clear everything and tell the app to show the sign-in. */
export function endExpiredSession() {
  const wasSignedIn = getRefreshToken() !== null || getAccessToken() !== null;
  clearSession();
  if (wasSignedIn) emit('expired', null);
}

/** Remembers where the user was working; the sign-in screens themselves are never a place to return to. */
export function rememberRedirect(path: string) {
  if (!path.startsWith('/') || path.startsWith('/auth/')) return;
  writeKey(SESSION_KEYS.redirectAfterLogin, path);
}

/** Returns and forgets the remembered path. */
export function takeRedirect(): string | null {
  const path = readKey(SESSION_KEYS.redirectAfterLogin);
  removeKey(SESSION_KEYS.redirectAfterLogin);
  return path;
}

/** Same-origin API address; absolute so it also works where relative URLs do not (tests, workers). */
function apiUrl(path: string): string {
  const origin = globalThis.location?.origin;
  return origin && origin !== 'null' ? new URL(path, origin).href : path;
}

let refreshInFlight: Promise<string | null> | null = null;

/**
 * Trades the refresh token for a new pair. Single-flight inside the tab, and serialised across tabs
 * with a Web Lock where the browser has one: the server rotates refresh tokens with reuse detection,
 * so two tabs spending the same token at once would revoke the whole session.
 *
 * Resolves to the new access token, or null when the session is gone (no refresh token, or the
 * server refused it: storage is then cleared and `expired` fires). When the server cannot be reached
 * it also resolves to null but keeps the session: offline is not signed out (`getRefreshToken()`
 * still answers).
 */
export function refreshAccessToken(): Promise<string | null> {
  refreshInFlight ??= runRefresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/** The page's session, as every authorised request of a page reads it (authorised-request.ts). */
export const pageSession: TokenSource = { getAccessToken, refreshAccessToken };

async function runRefresh(): Promise<string | null> {
  const spentToken = getRefreshToken();
  if (!spentToken) return null;
  const locks = globalThis.navigator?.locks;
  if (!locks) return exchangeRefreshToken(spentToken);
  return locks.request('isotope-lab-session-refresh', async () => {
    // Another tab may have rotated the token while this one waited for the lock.
    const current = getRefreshToken();
    if (!current) return null;
    if (current !== spentToken) return getAccessToken();
    return exchangeRefreshToken(current);
  });
}

async function exchangeRefreshToken(refreshToken: string): Promise<string | null> {
  let response: Response;
  try {
    response = await fetch(apiUrl('/api/auth/refresh'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
  } catch {
    return null;
  }
  if (response.ok) {
    const body = (await response.json()) as LoginResponse;
    storeSession(body);
    return body.data.accessToken;
  }
  if (response.status === 400 || response.status === 401 || response.status === 403) endExpiredSession();
  return null;
}

// Another tab signed in, refreshed or signed out: keep this tab's listeners in step.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== null && event.key !== SESSION_KEYS.accessToken && event.key !== SESSION_KEYS.refreshToken) return;
    const accessToken = getAccessToken();
    const refreshToken = getRefreshToken();
    emit('change', accessToken && refreshToken ? { accessToken, refreshToken } : null);
  });
}
