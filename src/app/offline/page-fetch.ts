/**
 * The page's authenticated fetch for the offline layer: the session's authorised request
 * (lib/session/authorised-request.ts), each outcome feeding the header's connection state
 * (lib/api/reachability.ts).
 */
import { fetchNoting } from '../lib/api/reachability.ts';
import { sendAuthorised } from '../lib/session/authorised-request.ts';
import { pageSession } from '../lib/session/session.ts';
import type { ApiFetch } from './list-cache.ts';

export const fetchWithSession: ApiFetch = (path, init) =>
  sendAuthorised((authorisation) => {
    const headers = new Headers(init?.headers);
    for (const [name, value] of Object.entries(authorisation)) headers.set(name, value);
    return fetchNoting(path, { ...init, headers });
  }, pageSession);
