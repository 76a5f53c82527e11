import { createHash } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { getCookie } from 'hono/cookie';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { CLIENT_COOKIE } from './client-session.ts';
import { bearerToken } from './staff-guard.ts';
import { readAccessToken, sha256 } from '../auth/tokens.ts';
import type { Executor, Tx } from '../db/client.ts';
import { isUniqueViolation } from '../db/queries.ts';
import { clientSession, idempotencyRecord } from '../db/schema.ts';
import { conflict } from '../errors.ts';
import type { AppEnv } from './context.ts';

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// Never replayed: session calls (a replayed sign-in would hand out a stored token, and the
// idempotency transaction would roll back the failure counts that rate-limit them), and the sync
// batch, whose mutations each carry their own key and must not run inside one outer transaction.
// A client's sign-in link and session likewise: the session travels in a cookie a replay would not set.
const NOT_REPLAYED = [
  '/api/auth',
  '/api/user/reset-password',
  '/api/sync',
  '/api/client/sign-in-links',
  '/api/client/session',
];

/** Thrown inside the transaction to roll back a mutation whose answer is not to be kept. */
class DiscardAnswer extends Error {}

async function storedAnswer(db: Executor, scope: string, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyRecord)
    .where(and(eq(idempotencyRecord.scope, scope), eq(idempotencyRecord.key, key)));
  return row;
}

/**
 * The request's transaction, on which a service's own transaction runs as part of it rather than
 * as a savepoint: the change and the record of its answer commit together or not at all (any
 * failure discards both), so a savepoint would only add two round trips to every keyed write.
 */
function asOneTransaction(tx: Tx): Tx {
  const one: Tx = new Proxy(tx, {
    get: (target, property, receiver) =>
      property === 'transaction'
        ? <T>(work: (inner: Tx) => Promise<T>) => work(one)
        : Reflect.get(target, property, receiver),
  });
  return one;
}

function replay(row: NonNullable<Awaited<ReturnType<typeof storedAnswer>>>) {
  return new Response(row.body, {
    status: row.status,
    headers: { 'content-type': row.contentType, 'idempotent-replayed': 'true' },
  });
}

/**
 * Whose stored answers a request may get back: a staff user's, a client's (their address: sessions
 * come and go while the same client retries), or the public's. A client cookie that opens no
 * session gets a scope of its own, so it can replay nobody's answer.
 */
async function callerScope(c: Context<AppEnv>): Promise<string> {
  const token = bearerToken(c.req.header('authorization'));
  const userId = token ? (await readAccessToken(c.var.deps.signingKey, token))?.userId : undefined;
  if (userId) return `user:${userId}`;
  const clientToken = getCookie(c, CLIENT_COOKIE);
  if (!clientToken) return 'public';
  const [session] = await c.var.db
    .select({ email: clientSession.email })
    .from(clientSession)
    .where(and(eq(clientSession.tokenHash, sha256(clientToken)), gt(clientSession.expiresAt, new Date())));
  return session ? `client:${session.email}` : 'client:none';
}

/**
 * A mutation sent with an Idempotency-Key runs in one transaction together with the record of its
 * answer, so it takes effect exactly once: a replay (a retry, a double click, an outbox resend whose
 * first answer was lost) gets the first answer back and changes nothing. Keys are scoped to the
 * caller (callerScope: the user or the client, not the token, because tokens rotate while an
 * offline outbox waits), so nobody gets another caller's answer back. Error answers are
 * rolled back and not kept, so a corrected retry may succeed.
 */
export const idempotency = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header('idempotency-key');
  if (!key || !MUTATIONS.has(c.req.method)) return next();
  if (NOT_REPLAYED.some((p) => c.req.path === p || c.req.path.startsWith(`${p}/`))) return next();
  if (key.length > 200) throw conflict('idempotencyKeyTooLong');

  const scope = await callerScope(c);
  const path = new URL(c.req.url).pathname + new URL(c.req.url).search;
  // Hashed as bytes: uploads are binary, and text decoding would make different files look alike.
  // The request's shared copy of the bytes, so the validators after this read the same ones.
  const body = new Uint8Array(await c.req.arrayBuffer());
  const requestHash = createHash('sha256').update(`${c.req.method} ${path}\n`).update(body).digest('hex');

  const root = c.var.db;
  // No look-up before acting: the common case is a first send, and a replay is caught anyway when
  // its answer record collides with the first one's, which rolls the replay's work back. That saves
  // a round trip on every keyed mutation (npm run bench: 'country create with Idempotency-Key').
  try {
    await root.transaction(async (tx) => {
      c.set('db', asOneTransaction(tx));
      await next();
      if (c.res.status >= 400) throw new DiscardAnswer();
      const text = await c.res.clone().text();
      await tx.insert(idempotencyRecord).values({
        key,
        scope,
        method: c.req.method,
        path,
        requestHash,
        status: c.res.status,
        body: text,
        contentType: c.res.headers.get('content-type') ?? 'application/json',
      });
    });
  } catch (error) {
    if (error instanceof DiscardAnswer) {
      // A replay, or a concurrent duplicate, fails on what the first one did ("this code already
      // exists", "sample already checked in"): the caller gets the first answer back.
      const winner = await storedAnswer(root, scope, key);
      if (winner) {
        if (winner.requestHash !== requestHash) throw conflict('idempotencyKeyReused');
        c.res = replay(winner);
      }
      return;
    }
    // The key was used before (a replay, or a concurrent duplicate that committed first): ours was
    // rolled back; answer with the first answer, or refuse a different request under the same key.
    if (isUniqueViolation(error)) {
      const winner = await storedAnswer(root, scope, key);
      if (winner) {
        if (winner.requestHash !== requestHash) throw conflict('idempotencyKeyReused');
        c.res = replay(winner);
        return;
      }
    }
    throw error;
  } finally {
    c.set('db', root);
  }
});
