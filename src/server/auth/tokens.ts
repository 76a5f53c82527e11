import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { sign, verify } from 'hono/jwt';
import type { Executor } from '../db/client.ts';
import { appSetting, refreshToken } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { unauthorized } from '../errors.ts';
import { DAY_MS } from '../../shared/dates.ts';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * The key access tokens are signed with: JWT_SECRET when set, otherwise one generated on first
 * start and kept in the database, so every API instance and every restart agrees on it.
 */
export async function loadSigningKey(db: Executor, env: Pick<Env, 'JWT_SECRET'>): Promise<Uint8Array> {
  if (env.JWT_SECRET) return new TextEncoder().encode(env.JWT_SECRET);
  await db
    .insert(appSetting)
    .values({ key: 'jwt_signing_key', value: randomToken(48) })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSetting).where(eq(appSetting.key, 'jwt_signing_key'));
  if (!row) throw new Error('signing key missing after insert');
  return new TextEncoder().encode(row.value);
}

const keyString = (key: Uint8Array) => Buffer.from(key).toString('latin1');

/** Who an access token speaks for, and which session it belongs to. */
export type AccessClaims = {
  userId: number;
  /** The user's session epoch when it was issued; a password change or reset raises the epoch. */
  epoch: number;
  /** The refresh-token family (the signed-in device) it was issued with. */
  familyId: string;
};

export async function issueAccessToken(
  key: Uint8Array,
  claims: AccessClaims,
  ttlSeconds: number,
  issuedAt: Date = new Date(),
): Promise<string> {
  const now = Math.floor(issuedAt.getTime() / 1000);
  return sign(
    { sub: String(claims.userId), sep: claims.epoch, fam: claims.familyId, iat: now, exp: now + ttlSeconds },
    keyString(key),
    'HS256',
  );
}

/** The claims of a valid, unexpired access token, or undefined. */
export async function readAccessToken(key: Uint8Array, token: string): Promise<AccessClaims | undefined> {
  try {
    const payload = await verify(token, keyString(key), 'HS256');
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || userId <= 0) return undefined;
    const epoch = typeof payload.sep === 'number' ? payload.sep : 0;
    const familyId = typeof payload.fam === 'string' ? payload.fam : '';
    return { userId, epoch, familyId };
  } catch {
    return undefined;
  }
}

export async function issueRefreshToken(
  db: Executor,
  userId: number,
  ttlDays: number,
  familyId: string = randomUUID(),
  token: string = randomToken(),
): Promise<{ token: string; familyId: string }> {
  await db.insert(refreshToken).values({
    userId,
    familyId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + ttlDays * DAY_MS),
  });
  return { token, familyId };
}

/**
 * How long a refresh token that was just traded may be presented again and get the same answer:
 * on a flaky network the answer to a refresh is often lost and the client retries with the token
 * it still holds. That retry is not theft.
 */
export const REFRESH_RETRY_GRACE_MS = 30_000;

/**
 * The refresh token that succeeds `token`: derived from it with the server's key, so a retry within
 * the grace gets the very same successor without the server keeping any token in clear.
 */
function successorOf(signingKey: Uint8Array, token: string): string {
  return createHmac('sha256', signingKey).update(`refresh-successor:${token}`).digest('base64url');
}

/**
 * Trades a refresh token for a new one in the same family. A token presented again within
 * REFRESH_RETRY_GRACE_MS, while its successor is still unused, is a retry after a lost answer: it
 * gets the same new pair (same refresh token, access token issued at the same instant). Presented
 * later, or after its successor was used, it means it was stolen or replayed: the whole family is
 * revoked and the holder must sign in again.
 */
export async function rotateRefreshToken(db: Executor, token: string, ttlDays: number, signingKey: Uint8Array) {
  const [row] = await db
    .select()
    .from(refreshToken)
    .where(eq(refreshToken.tokenHash, sha256(token)));
  if (!row || row.revokedAt || row.expiresAt < new Date()) throw unauthorized();
  const next = successorOf(signingKey, token);
  if (row.usedAt) {
    if (await isRetryWithinGrace(db, row.usedAt, next))
      return { userId: row.userId, refresh: { token: next, familyId: row.familyId }, issuedAt: row.usedAt };
    await revokeFamily(db, row.familyId);
    throw unauthorized();
  }
  const usedAt = new Date();
  const claimed = await db
    .update(refreshToken)
    .set({ usedAt })
    .where(and(eq(refreshToken.id, row.id), isNull(refreshToken.usedAt)))
    .returning({ id: refreshToken.id });
  if (claimed.length === 0) {
    // Two sends of the same refresh at once: the one that claimed it issues the successor.
    const [winner] = await db.select().from(refreshToken).where(eq(refreshToken.id, row.id));
    if (winner?.usedAt && !winner.revokedAt && Date.now() - winner.usedAt.getTime() <= REFRESH_RETRY_GRACE_MS)
      return { userId: row.userId, refresh: { token: next, familyId: row.familyId }, issuedAt: winner.usedAt };
    await revokeFamily(db, row.familyId);
    throw unauthorized();
  }
  await issueRefreshToken(db, row.userId, ttlDays, row.familyId, next);
  return { userId: row.userId, refresh: { token: next, familyId: row.familyId }, issuedAt: usedAt };
}

async function isRetryWithinGrace(db: Executor, usedAt: Date, successor: string): Promise<boolean> {
  if (Date.now() - usedAt.getTime() > REFRESH_RETRY_GRACE_MS) return false;
  const [next] = await db
    .select()
    .from(refreshToken)
    .where(eq(refreshToken.tokenHash, sha256(successor)));
  return Boolean(next && !next.usedAt && !next.revokedAt);
}

async function revokeFamily(db: Executor, familyId: string) {
  await db
    .update(refreshToken)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshToken.familyId, familyId), isNull(refreshToken.revokedAt)));
}

/**
 * Ends every session of a user except, optionally, the one making the change: their refresh
 * families are revoked here, and their access tokens stop at once because the caller raises the
 * user's session epoch in the same transaction.
 */
export async function revokeOtherSessions(db: Executor, userId: number, keepFamilyId?: string) {
  await db
    .update(refreshToken)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshToken.userId, userId),
        isNull(refreshToken.revokedAt),
        keepFamilyId ? ne(refreshToken.familyId, keepFamilyId) : undefined,
      ),
    );
}

export async function revokeRefreshToken(db: Executor, token: string) {
  const [row] = await db
    .select()
    .from(refreshToken)
    .where(eq(refreshToken.tokenHash, sha256(token)));
  if (row) await revokeFamily(db, row.familyId);
}
