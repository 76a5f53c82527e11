import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { Executor } from '../db/client.ts';
import { clientSession, clientSignInLink } from '../db/schema.ts';
import { badRequest, unauthorized } from '../errors.ts';
import type { AppEnv } from '../http/context.ts';
import { confirmClientBooking } from '../services/client-portal/client-portal.ts';
import { randomToken, sha256 } from './tokens.ts';

// A client's session is its own kind: an opaque random token in an HttpOnly cookie scoped to
// /api/client, stored hashed in client_session. It is not a JWT and not a staff refresh token, so
// neither the staff guard (Bearer JWT, guard.ts) nor the refresh route can take it; and the client
// guard below reads only this cookie, so a staff token opens no client route either.

export const CLIENT_COOKIE = 'isotope_client';
const CLIENT_COOKIE_PATH = '/api/client';
/** A link asked for on the My orders page: read at once or asked for again. */
export const CLIENT_LINK_MINUTES = 30;
/** A link carried by a progress mail (confirmation, receipt, result): read later, so it lives longer. */
export const CLIENT_MAIL_LINK_HOURS = 72;
const CLIENT_SESSION_HOURS = 12;

export const normalizeClientEmail = (email: string) => email.trim().toLowerCase();

/**
 * Stores a new single-use link for the address and answers its secret (only the hash is kept). A
 * link mailed about one booking names it, and opening it confirms that booking for the address.
 */
export async function createClientLink(
  db: Executor,
  email: string,
  ttlMs: number,
  { now = new Date(), bookingId }: { now?: Date; bookingId?: number } = {},
) {
  const token = randomToken();
  await db.insert(clientSignInLink).values({
    email: normalizeClientEmail(email),
    bookingId: bookingId ?? null,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return token;
}

export const clientLinkUrl = (baseUrl: string, token: string) =>
  `${baseUrl.replace(/\/$/, '')}/booking/my-orders?link=${encodeURIComponent(token)}`;

/**
 * Trades a link for a session. The link is claimed with a conditional update, so two redemptions
 * racing cannot both succeed. Forged, expired and used links answer distinct 400 codes, no data.
 */
export async function redeemClientLink(db: Executor, token: string, now = new Date()) {
  const [link] = await db
    .select()
    .from(clientSignInLink)
    .where(eq(clientSignInLink.tokenHash, sha256(token)));
  if (!link) throw badRequest('clientLinkInvalid');
  if (link.usedAt) throw badRequest('clientLinkUsed');
  if (link.expiresAt <= now) throw badRequest('clientLinkExpired');
  const claimed = await db
    .update(clientSignInLink)
    .set({ usedAt: now })
    .where(and(eq(clientSignInLink.id, link.id), isNull(clientSignInLink.usedAt)))
    .returning({ id: clientSignInLink.id });
  if (claimed.length === 0) throw badRequest('clientLinkUsed');
  if (link.bookingId !== null)
    await confirmClientBooking(db, { bookingId: link.bookingId, email: link.email, at: now });
  const sessionToken = randomToken();
  await db.insert(clientSession).values({
    email: link.email,
    tokenHash: sha256(sessionToken),
    expiresAt: new Date(now.getTime() + CLIENT_SESSION_HOURS * 3_600_000),
  });
  // Expired sessions are of no use to anyone: each sign-in sweeps them, and links a month past their
  // end (kept that long so an old link still says "expired", not "not valid").
  await db.delete(clientSignInLink).where(lt(clientSignInLink.expiresAt, new Date(now.getTime() - 30 * 86_400_000)));
  await db.delete(clientSession).where(lt(clientSession.expiresAt, now));
  return { email: link.email, token: sessionToken };
}

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
