import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '@/shared/api-types';
import { ApiError } from './api-error';
import { noteRequestOutcome } from './reachability';
import { sendAuthorised } from '../session/authorised-request';
import { pageSession } from '../session/session';

/**
 * The one typed client for our API (types generated from openapi/openapi.json). It sends through
 * the session's authorised request (bearer token, one silent renewal and one retry on 401);
 * mutations carry an Idempotency-Key so a retry (ours or the network's) is applied once.
 */

function isAuthPath(url: string) {
  return new URL(url, 'http://local').pathname.startsWith('/api/auth');
}

const idempotencyAndReachability: Middleware = {
  onRequest({ request }) {
    // Sign-in answers carry tokens: they must never be stored for replay, so auth calls get no key.
    if (isAuthPath(request.url) || request.method === 'GET' || request.method === 'HEAD') return request;
    if (!request.headers.has('Idempotency-Key')) request.headers.set('Idempotency-Key', crypto.randomUUID());
    return request;
  },
  onResponse({ response }) {
    noteRequestOutcome(response);
    return response;
  },
  onError() {
    noteRequestOutcome(undefined);
  },
};

/** Each try sends a copy, so a retry after a renewal still has the body. */
function authorisedFetch(request: Request): Promise<Response> {
  // Signing in, renewing and signing out carry their own credentials, and their 401 is an answer.
  if (isAuthPath(request.url)) return fetch(request);
  return sendAuthorised((headers) => {
    const copy = request.clone();
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
    return fetch(copy);
  }, pageSession);
}

// Same origin; absolute because Request needs one outside a page (tests, workers).
const origin = globalThis.location?.origin;
export const api = createClient<paths>({ baseUrl: origin && origin !== 'null' ? origin : '', fetch: authorisedFetch });
api.use(idempotencyAndReachability);

type ApiResult<T> = { data?: T; error?: unknown; response: Response };

/** Turns an openapi-fetch result into its data, throwing an ApiError for any failed answer. */
export async function unwrap<T>(call: Promise<ApiResult<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok || data === undefined) throw new ApiError(response.status, error);
  return data;
}
