import type { DrainOutcome } from './drain.ts';

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
