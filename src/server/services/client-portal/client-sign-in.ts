import { and, eq, isNull, lt } from 'drizzle-orm';
import { CLIENT_SESSION_HOURS } from '../../auth/client-sessions.ts';
import { randomToken, sha256 } from '../../auth/tokens.ts';
import type { Executor } from '../../db/client.ts';
import { clientSession, clientSignInLink } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import { confirmClientBooking } from './client-portal.ts';

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
