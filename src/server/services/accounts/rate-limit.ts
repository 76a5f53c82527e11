import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rateLimit } from '../../db/schema.ts';
import type { ServerMessageCode, ServerMessageParams } from '../../../shared/server-messages.ts';
import { AppError } from '../../errors.ts';

export type Window = { limit: number; seconds: number };

/**
 * Counts one event against a fixed window kept in the database, so every API instance sees the
 * same count. Returns the count after this event.
 */
export async function countEvent(db: Executor, key: string, window: Window): Promise<number> {
  const [row] = await db
    .insert(rateLimit)
    .values({ key, count: 1, resetAt: sql`now() + make_interval(secs => ${window.seconds})` })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`CASE WHEN ${rateLimit.resetAt} <= now() THEN 1 ELSE ${rateLimit.count} + 1 END`,
        resetAt: sql`CASE WHEN ${rateLimit.resetAt} <= now() THEN now() + make_interval(secs => ${window.seconds}) ELSE ${rateLimit.resetAt} END`,
      },
    })
    .returning({ count: rateLimit.count });
  return row?.count ?? 1;
}

/** Events already counted in the current window. */
export async function currentCount(db: Executor, key: string): Promise<number> {
  const [row] = await db
    .select({ count: rateLimit.count })
    .from(rateLimit)
    .where(sql`${rateLimit.key} = ${key} AND ${rateLimit.resetAt} > now()`);
  return row?.count ?? 0;
}

/** Holds a key for the given seconds from now (a delay that ends at a known time), whatever it held. */
export async function holdFor(db: Executor, key: string, seconds: number) {
  await db
    .insert(rateLimit)
    .values({ key, count: 1, resetAt: sql`now() + make_interval(secs => ${seconds})` })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: { count: 1, resetAt: sql`now() + make_interval(secs => ${seconds})` },
    });
}

export const tooManyRequests = (
  code: ServerMessageCode = 'tooManyAttempts',
  params: ServerMessageParams = {},
  retryAfterSeconds?: number,
) => new AppError('TOO_MANY_REQUESTS', code, params, retryAfterSeconds ? { data: { retryAfterSeconds } } : {});

/** Counts the event and refuses it once the window is full. */
export async function enforceLimit(db: Executor, key: string, window: Window) {
  if ((await countEvent(db, key, window)) > window.limit) throw tooManyRequests();
}
