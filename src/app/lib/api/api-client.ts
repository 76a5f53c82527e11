import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '@/shared/api-types';
import { ApiError } from './api-error';
import { noteRequestOutcome } from './reachability';
import { getAccessToken, refreshAccessToken } from '../session/session';

/**
 * The one typed client for our API (types generated from openapi/openapi.json). Every request
 * carries the bearer token; a 401 triggers one silent refresh and one retry; mutations carry an
 * Idempotency-Key so a retry (ours or the network's) is applied once.
 */

// Copies of outgoing requests, kept until the answer arrives, so a 401 can be retried with the body.
const pendingCopies = new Map<string, Request>();

function isAuthPath(url: string) {
  return new URL(url, 'http://local').pathname.startsWith('/api/auth');
}

const sessionMiddleware: Middleware = {
  onRequest({ request, id }) {
    const token = getAccessToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    // Sign-in answers carry tokens: they must never be stored for replay, so auth calls get no key.
    const isAuth = isAuthPath(request.url);
    if (!isAuth && request.method !== 'GET' && request.method !== 'HEAD' && !request.headers.has('Idempotency-Key')) {
      request.headers.set('Idempotency-Key', crypto.randomUUID());
    }
    if (!isAuth) pendingCopies.set(id, request.clone());
    return request;
  },
  async onResponse({ response, id }) {
    noteRequestOutcome(response);
    const copy = pendingCopies.get(id);
    pendingCopies.delete(id);
    if (response.status !== 401 || !copy) return response;
    const token = await refreshAccessToken();
    if (!token) return response;
    copy.headers.set('Authorization', `Bearer ${token}`);
    return fetch(copy);
  },
  onError({ id }) {
    noteRequestOutcome(undefined);
    pendingCopies.delete(id);
  },
};

// Same origin; absolute because Request needs one outside a page (tests, workers).
const origin = globalThis.location?.origin;
export const api = createClient<paths>({ baseUrl: origin && origin !== 'null' ? origin : '' });
api.use(sessionMiddleware);

type ApiResult<T> = { data?: T; error?: unknown; response: Response };

/** Turns an openapi-fetch result into its data, throwing an ApiError for any failed answer. */
export async function unwrap<T>(call: Promise<ApiResult<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok || data === undefined) throw new ApiError(response.status, error);
  return data;
}
