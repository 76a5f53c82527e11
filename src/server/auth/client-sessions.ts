import type { Executor } from '../db/client.ts';
import { clientSignInLink } from '../db/schema.ts';
import { randomToken, sha256 } from './tokens.ts';

// A client's session is its own kind: an opaque random token in an HttpOnly cookie scoped to
// /api/client, stored hashed in client_session. It is not a JWT and not a staff refresh token, so
// neither the staff guard (Bearer JWT, http/staff-guard.ts) nor the refresh route can take it; and the
// client guard (http/client-session.ts) reads only this cookie, so a staff token opens no client route.

/** A link asked for on the My orders page: read at once or asked for again. */
export const CLIENT_LINK_MINUTES = 30;
/** A link carried by a progress mail (confirmation, receipt, result): read later, so it lives longer. */
export const CLIENT_MAIL_LINK_HOURS = 72;
/** How long a client's session lasts once a link is redeemed. */
export const CLIENT_SESSION_HOURS = 12;

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
