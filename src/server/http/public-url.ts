import type { Env } from '../env.ts';

/**
 * The address links in mail and on certificates point to. It comes from configuration, never from
 * the request: a Host header is written by the caller, and a reset link built from it would mail a
 * working token to the caller's own site. PUBLIC_URL when set (production requires it); otherwise
 * the request's host only if ALLOWED_HOSTS names it, else this server on localhost.
 */
export function publicBaseUrl(env: Pick<Env, 'PUBLIC_URL' | 'ALLOWED_HOSTS' | 'PORT'>, requestUrl: string): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/$/, '');
  const url = new URL(requestUrl);
  if (env.ALLOWED_HOSTS.includes(url.hostname.toLowerCase())) return url.origin;
  return `http://localhost:${env.PORT}`;
}
