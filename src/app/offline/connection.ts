import type { RequestOutcome } from '../lib/api/reachability.ts';
import type { DrainOutcome, LastDrain } from './drain.ts';

export type Connection = 'offline' | 'unreachable' | 'online';

/**
 * What the header and the sync page say about the connection. The browser's `online` flag only
 * says a network is there; whether the server answers is known from the last requests (the last
 * drain): online with a server that did not answer is "unreachable", not "online".
 */
export function connectionOf(browserOnline: boolean, lastOutcome: DrainOutcome | undefined): Connection {
  if (!browserOnline) return 'offline';
  return lastOutcome === 'offline' || lastOutcome === 'server-error' ? 'unreachable' : 'online';
}

/**
 * The newest word on whether the server answers: the outbox's last drain, or the page's own last
 * request (any screen's), whichever came later.
 */
export function latestOutcome(
  lastDrain: LastDrain | undefined,
  lastRequest: RequestOutcome | undefined,
): DrainOutcome | undefined {
  if (!lastRequest) return lastDrain?.outcome;
  if (lastDrain && Date.parse(lastDrain.at) > lastRequest.at) return lastDrain.outcome;
  return lastRequest.reached ? 'synced' : 'offline';
}
