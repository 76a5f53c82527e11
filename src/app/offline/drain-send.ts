/**
 * One round trip of the drain (drain.ts): the outbox's batch posted to `POST /api/sync` with the
 * signed-in user's session, and what each answer makes of the change it answers.
 */
import { sendInSession, type TokenSource } from '../lib/session/authorised-request.ts';
import type { OutboxEntry } from './db.ts';

/** How the drain reaches the server. */
export type SyncConnection = {
  /** A plain fetch (the session's authorised request adds the bearer token). */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** Prefix for `/api/sync` (the worker's origin; empty in a page). */
  baseUrl?: string;
  /** The page's session, or the service worker's mirror of it. */
  auth: TokenSource;
};

/** The server's answer to one change of the batch, under the change's outbox key. */
export type SyncAnswer = { key: string; status: number; body: unknown };

/** The server's message, else its body as text, else 'Unknown error'. */
export function errorTextOf(body: unknown): string {
  if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string')
    return (body as { message: string }).message;
  if (typeof body === 'string' && body.trim()) return body;
  return 'Unknown error';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export type Sent =
  { kind: 'offline' } | { kind: 'signed-out' } | { kind: 'answered'; response: Response; body: unknown };

export async function sendBatch(options: SyncConnection, batch: OutboxEntry[]): Promise<Sent> {
  const payload = JSON.stringify({
    mutations: batch.map((entry) => ({
      key: entry.id,
      method: entry.method,
      path: entry.path,
      ...(entry.body !== undefined ? { body: entry.body } : {}),
    })),
  });
  const post = (authorisation: Record<string, string>) =>
    options.fetch(`${options.baseUrl ?? ''}/api/sync`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...authorisation },
      body: payload,
    });
  try {
    const response = await sendInSession(post, options.auth);
    // No session, or one the server refused even after a renewal: the changes wait for a sign-in.
    if (!response || response.status === 401) return { kind: 'signed-out' };
    return { kind: 'answered', response, body: await readBody(response) };
  } catch {
    return { kind: 'offline' };
  }
}

/** The sync request itself was refused (400: one mutation is malformed): the culprits failed, the rest wait. */
export function rejectedBatch(batch: OutboxEntry[], body: unknown): OutboxEntry[] {
  const message = errorTextOf(body);
  const errors = (body as { errors?: Record<string, string> } | undefined)?.errors ?? {};
  const culprits = new Map<number, string>();
  for (const [path, text] of Object.entries(errors)) {
    const match = /^mutations\.(\d+)/.exec(path);
    if (match) culprits.set(Number(match[1]), text);
  }
  return batch.map((entry, index) => {
    if (culprits.size > 0 && !culprits.has(index)) return { ...entry, state: 'pending' as const };
    return { ...entry, state: 'failed' as const, lastError: culprits.get(index) ?? message, responseBody: body };
  });
}

/** A 409 saying the same step was already made (the sync names who made it and when). */
function doneElsewhere(status: number, body: unknown): OutboxEntry['doneElsewhere'] | null {
  if (status !== 409) return null;
  const answer = body as { code?: unknown; params?: { by?: unknown; at?: unknown } } | undefined;
  if (answer?.code !== 'sampleAlreadyDone') return null;
  const { by, at } = answer.params ?? {};
  return { by: typeof by === 'string' ? by : '', at: typeof at === 'string' ? at : '' };
}

/** The change as its answer leaves it: done, a conflict, failed, or still pending (no answer, 401, 429, 5xx). */
export function recordAnswer(entry: OutboxEntry, answer: SyncAnswer | undefined): OutboxEntry {
  if (!answer) return { ...entry, state: 'pending', lastError: 'No answer for this change' };
  const { status, body } = answer;
  const recorded: OutboxEntry = { ...entry, responseStatus: status, responseBody: body };
  if (status >= 200 && status < 300) {
    delete recorded.lastError;
    return { ...recorded, state: 'done', doneAt: new Date().toISOString() };
  }
  const elsewhere = doneElsewhere(status, body);
  if (elsewhere) {
    delete recorded.lastError;
    return { ...recorded, state: 'done', doneAt: new Date().toISOString(), doneElsewhere: elsewhere };
  }
  if (status === 409) {
    const current = (body as { data?: unknown } | undefined)?.data;
    return { ...recorded, state: 'conflict', lastError: errorTextOf(body), serverRecord: current };
  }
  if (status === 401 || status === 429 || status >= 500)
    return { ...recorded, state: 'pending', lastError: errorTextOf(body) };
  return { ...recorded, state: 'failed', lastError: errorTextOf(body) };
}
