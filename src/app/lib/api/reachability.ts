import { useSyncExternalStore } from 'react';

/**
 * Whether the page's own last request reached the server, and when. The header's connection state
 * is only true if it notices failed requests of every screen (a search that got no answer), not
 * only the browser's `online` event or the outbox's last drain. Gateway answers (502/503/504) count
 * as not reached: the server itself did not answer.
 */
export type RequestOutcome = { reached: boolean; at: number };

let last: RequestOutcome | undefined;
let toldAt = 0;
const listeners = new Set<() => void>();

function note(reached: boolean) {
  const now = Date.now();
  const changed = last?.reached !== reached;
  last = { reached, at: now };
  // A change is news; the same word again only now and then (a drain in between may have said
  // otherwise), so that not every answer re-renders the header.
  if (!changed && now - toldAt < 5_000) return;
  toldAt = now;
  for (const listener of listeners) listener();
}

/** Record one request's outcome: its response (any status), or nothing at all (the fetch failed). */
export function noteRequestOutcome(response: Response | undefined) {
  note(response !== undefined && response.status !== 502 && response.status !== 503 && response.status !== 504);
}

/** `fetch` that records its outcome on the way. */
export async function fetchNoting(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  try {
    const response = await fetch(input, init);
    noteRequestOutcome(response);
    return response;
  } catch (failure) {
    noteRequestOutcome(undefined);
    throw failure;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useLastRequestOutcome(): RequestOutcome | undefined {
  return useSyncExternalStore(
    subscribe,
    () => last,
    () => undefined,
  );
}
