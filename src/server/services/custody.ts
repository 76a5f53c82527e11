import { and, desc, eq, gt, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Permission } from '../../shared/permissions.ts';
import type { Executor } from '../db/client.ts';
import { notification } from '../db/schema.ts';
import { auditTrail, verifyAuditChain } from './audit.ts';

// The chain of custody as people read it (a sample's timeline) and the notifications that tell a
// bench when work arrives.

export type TimelineEvent = {
  id: number;
  at: Date;
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  changes: Record<string, { from: unknown; to: unknown }>;
  reason: string | null;
  actorId: number | null;
  actorName: string | null;
};

/** Every audit record of one sample entry, oldest first: who, when, action, from, to, what changed, why. */
export async function sampleTimeline(db: Executor, sampleEntryId: number): Promise<TimelineEvent[]> {
  const rows = await auditTrail(db, 'sample_entry', sampleEntryId);
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    action: row.action,
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    changes: row.changes,
    reason: row.reason,
    actorId: row.actorId,
    actorName: row.actorName,
  }));
}

export async function verifyCustodyChain(db: Executor) {
  return verifyAuditChain(db);
}

/** Work arriving at a bench: every holder of the permission sees it. */
export async function notifyPermission(
  db: Executor,
  entry: { permission: Permission; title: string; message: string; link?: string | null },
) {
  const [row] = await db
    .insert(notification)
    .values({ permission: entry.permission, title: entry.title, message: entry.message, link: entry.link ?? null })
    .returning();
  return row!;
}

export async function notifyUser(
  db: Executor,
  entry: { userId: number; title: string; message: string; link?: string | null },
) {
  const [row] = await db
    .insert(notification)
    .values({ userId: entry.userId, title: entry.title, message: entry.message, link: entry.link ?? null })
    .returning();
  return row!;
}

/** The notifications addressed to this user or to any permission they hold, newest first. */
export async function listNotifications(
  db: Executor,
  options: { userId: number; permissions: readonly string[]; since?: string; limit: number; offset: number },
) {
  const addressed: SQL[] = [eq(notification.userId, options.userId)];
  if (options.permissions.length) {
    addressed.push(and(isNull(notification.userId), inArray(notification.permission, [...options.permissions]))!);
  }
  const where = and(or(...addressed), options.since ? gt(notification.createdAt, new Date(options.since)) : undefined);
  const items = await db
    .select()
    .from(notification)
    .where(where)
    .orderBy(desc(notification.createdAt), desc(notification.id))
    .limit(options.limit)
    .offset(options.offset);
  return items;
}
