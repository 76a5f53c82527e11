import { and, eq, gt } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { CLIENT_SESSION_HOURS } from '../auth/client-sessions.ts';
import { sha256 } from '../auth/tokens.ts';
import { clientSession } from '../db/schema.ts';
import { unauthorized } from '../errors.ts';
import type { AppEnv } from './context.ts';

// The client's session on the wire: an HttpOnly cookie scoped to the client routes, and the guard
// that reads it (auth/client-sessions.ts makes the links and the session's lifetime).

export const CLIENT_COOKIE = 'isotope_client';
const CLIENT_COOKIE_PATH = '/api/client';

export function setClientCookie(c: Context<AppEnv>, token: string) {
  setCookie(c, CLIENT_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Strict',
    path: CLIENT_COOKIE_PATH,
    maxAge: CLIENT_SESSION_HOURS * 3600,
    secure: new URL(c.req.url).protocol === 'https:' || (c.var.deps.env.PUBLIC_URL ?? '').startsWith('https:'),
  });
}

export async function endClientSession(c: Context<AppEnv>) {
  const token = getCookie(c, CLIENT_COOKIE);
  if (token) await c.var.db.delete(clientSession).where(eq(clientSession.tokenHash, sha256(token)));
  deleteCookie(c, CLIENT_COOKIE, { path: CLIENT_COOKIE_PATH });
}

/** Requires a live client session cookie; sets c.var.client to the address it speaks for. */
export const authenticateClient = createMiddleware<AppEnv>(async (c, next) => {
  const token = getCookie(c, CLIENT_COOKIE);
  if (!token) throw unauthorized('clientSignInRequired');
  const [row] = await c.var.db
    .select({ email: clientSession.email })
    .from(clientSession)
    .where(and(eq(clientSession.tokenHash, sha256(token)), gt(clientSession.expiresAt, new Date())));
  if (!row) throw unauthorized('clientSignInRequired');
  c.set('client', { email: row.email });
  await next();
});
