/**
 * Administration changes (countries and other settings) are not bench work: online they go
 * straight to the server, and its verdict (applied, or refused and why) is shown where the change
 * was made. Only when no answer can be had (offline, no answer, the server unavailable) does the
 * change wait in the outbox, under the Idempotency-Key the direct attempt used, so that a first
 * attempt whose answer was lost is not applied twice.
 */
import { ApiError, isNetworkError, isServerUnavailable } from '../lib/api/api-error.ts';
import type { MutationMethodOf, MutationPath } from '../../shared/api-contract.ts';
import { enqueueWritten, writeOut, type MutationRequest, type WrittenMutation } from './outbox.ts';
import { fetchWithSession } from './page-fetch.ts';
import { announceSynced } from './sync-events.ts';

export type SendOutcome = { state: 'applied'; answer: unknown } | { state: 'queued' };

export async function sendOrQueue<P extends MutationPath, M extends MutationMethodOf<P>>(
  typed: MutationRequest<P, M>,
): Promise<SendOutcome> {
  const request = writeOut(typed);
  if (globalThis.navigator?.onLine === false) {
    await enqueueWritten(request);
    return { state: 'queued' };
  }
  const key = crypto.randomUUID();
  try {
    const answer = await sendNow(request, key);
    // The list refreshes from the server, as after a drain that changed it.
    if (request.entity) announceSynced({ done: 1, failed: 0, conflicts: 0, lists: [request.entity.list] });
    return { state: 'applied', answer };
  } catch (error) {
    // The server's verdict is final and is the caller's to show; only "no answer" waits.
    if (!isNetworkError(error) && !isServerUnavailable(error)) throw error;
    await enqueueWritten({ ...request, key });
    return { state: 'queued' };
  }
}

async function sendNow(request: WrittenMutation, key: string): Promise<unknown> {
  const headers: Record<string, string> = { 'Idempotency-Key': key };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetchWithSession(request.path, {
    method: request.method,
    headers,
    ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiError(response.status, body);
  return body;
}
