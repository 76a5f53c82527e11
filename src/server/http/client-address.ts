import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from './context.ts';

/**
 * The caller's address. Behind TRUSTED_PROXIES reverse proxies, each appends the address it got the
 * request from to X-Forwarded-For, so the caller is the hop that many places from the right (the
 * socket address counting as the last hop); whatever stands further left the caller wrote itself and
 * is ignored, so forging X-Forwarded-For changes nothing.
 */
export function clientAddress(c: Context<AppEnv>): string {
  let socket = 'unknown';
  try {
    socket = getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // not served by Node (tests call the app directly)
  }
  const trusted = c.var.deps.env.TRUSTED_PROXIES;
  if (trusted === 0) return socket;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  const hops = [...forwarded, socket];
  return hops[Math.max(0, hops.length - 1 - trusted)]!;
}
