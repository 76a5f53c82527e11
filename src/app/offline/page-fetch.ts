/**
 * The page's authenticated fetch for the offline layer: the session's bearer token, one silent
 * refresh on 401 (lib/session/session.ts serialises refreshes across tabs), then the answer as it is. Each
 * outcome feeds the header's connection state (lib/api/reachability.ts).
 */
import { fetchNoting } from '../lib/api/reachability.ts';
import { getAccessToken, refreshAccessToken } from '../lib/session/session.ts';
import type { ApiFetch } from './list-cache.ts';

function withBearer(init: RequestInit | undefined, token: string | null): RequestInit {
  const headers = new Headers(init?.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  return { ...init, headers };
}

export const fetchWithSession: ApiFetch = async (path, init) => {
  const response = await fetchNoting(path, withBearer(init, getAccessToken()));
  if (response.status !== 401) return response;
  const fresh = await refreshAccessToken();
  if (!fresh) return response;
  return fetchNoting(path, withBearer(init, fresh));
};
