import { and, asc, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { NotificationKind } from '../../../shared/workflow/notification-kinds.ts';
import type { Permission } from '../../../shared/permissions.ts';
import type { Notice } from '../../../shared/workflow/sample-workflow.ts';
import type { Executor } from '../../db/client.ts';
import { notification, notificationReceipt } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';

// Notifications tell a bench that work has arrived. Each is written in the transaction of the change
// that causes it, addressed to one user or to every holder of a permission (so who hears about what
// follows the configurable roles), and queued in the same transaction for Web Push to every browser
// its readers subscribed. Read and dismissed are kept per reader (notification_receipt).

export type NotificationTarget = { userId: number } | { permission: Permission };

export type NewNotification = {
  kind: NotificationKind;
  params?: Record<string, string | number>;
  title: string;
  message: string;
  link?: string | null;
};

/** The reader a list or a change is for: the user and the permissions their role grants now. */
export type Reader = { id: number; permissions: readonly string[] };

export type NotificationView = {
  id: number;
  userId: number | null;
  permission: string | null;
  title: string;
  message: string;
  link: string | null;
  kind: string | null;
  params: Record<string, string | number>;
  createdAt: Date;
  read: boolean;
};

/** Records a notification and queues its Web Push deliveries, in the caller's transaction. */
export async function notify(db: Executor, target: NotificationTarget, entry: NewNotification) {
  const userId = 'userId' in target ? target.userId : null;
  const permission = 'permission' in target ? target.permission : null;
  const [row] = await db
    .insert(notification)
    .values({
      userId,
      permission,
      kind: entry.kind,
      params: entry.params ?? {},
      title: entry.title,
      message: entry.message,
      link: entry.link ?? null,
    })
    .returning();
  // Every subscribed browser of an active reader gets one delivery; a deactivated role grants nothing.
  const readers =
    userId !== null ? sql`u.id = ${userId}` : sql`r.active AND r.permissions @> ${JSON.stringify([permission])}::jsonb`;
  await db.execute(sql`
    INSERT INTO push_delivery (notification_id, subscription_id)
    SELECT ${row!.id}, s.id FROM push_subscription s
      JOIN app_user u ON u.id = s.user_id
      JOIN role r ON r.id = u.role_id
    WHERE u.active AND ${readers}`);
  return row!;
}

/**
 * Tells the audience the workflow tables declare for a change (`notifies` of a workflow action,
 * booking or package transition): every holder of its permission sees it. The caller gives the
 * words; who hears them, and the kind of news, come from the table only. Nothing when the change
 * tells nobody.
 */
export async function announceChange(
  db: Executor,
  change: { notifies: Notice | null },
  entry: Omit<NewNotification, 'kind'>,
) {
  if (!change.notifies) return null;
  const { kind, audience } = change.notifies;
  return notify(db, { permission: audience }, { ...entry, kind });
}

export function notifyUser(db: Executor, entry: NewNotification & { userId: number }) {
  return notify(db, { userId: entry.userId }, entry);
}

/**
 * Addressed to this reader: to them by name, or to a permission their role grants. The same rule,
 * for a row already read, is isAddressedTo below (the notifier hands new rows to every stream).
 */
function addressedTo(reader: Reader): SQL {
  const byPermission = reader.permissions.length
    ? and(isNull(notification.userId), inArray(notification.permission, [...reader.permissions]))
    : undefined;
  return or(eq(notification.userId, reader.id), byPermission)!;
}

export function isAddressedTo(n: { userId: number | null; permission: string | null }, reader: Reader): boolean {
  return (
    n.userId === reader.id || (n.userId === null && n.permission !== null && reader.permissions.includes(n.permission))
  );
}

const receiptOf = (reader: Reader) =>
  and(eq(notificationReceipt.notificationId, notification.id), eq(notificationReceipt.userId, reader.id));

const viewColumns = {
  id: notification.id,
  userId: notification.userId,
  permission: notification.permission,
  title: notification.title,
  message: notification.message,
  link: notification.link,
  kind: notification.kind,
  params: notification.params,
  createdAt: notification.createdAt,
  read: sql<boolean>`${notificationReceipt.readAt} IS NOT NULL`,
};

/** The reader's notifications not dismissed, newest first, with the count of unread ones. */
export async function listNotifications(
  db: Executor,
  options: { reader: Reader; since?: string; unreadOnly?: boolean; limit: number; offset: number },
) {
  const { reader, limit, offset } = options;
  const visible = and(
    addressedTo(reader),
    isNull(notificationReceipt.dismissedAt),
    options.since ? gt(notification.createdAt, new Date(options.since)) : undefined,
  );
  const where = and(visible, options.unreadOnly ? isNull(notificationReceipt.readAt) : undefined);
  const [items, [counts]] = await Promise.all([
    db
      .select(viewColumns)
      .from(notification)
      .leftJoin(notificationReceipt, receiptOf(reader))
      .where(where)
      .orderBy(desc(notification.createdAt), desc(notification.id))
      .limit(limit)
      .offset(offset),
    db
      .select({
        total: sql<number>`count(*) FILTER (WHERE ${options.unreadOnly ? sql`${notificationReceipt.readAt} IS NULL` : sql`true`})::int`,
        unread: sql<number>`count(*) FILTER (WHERE ${notificationReceipt.readAt} IS NULL)::int`,
      })
      .from(notification)
      .leftJoin(notificationReceipt, receiptOf(reader))
      .where(visible),
  ]);
  return { items: items as NotificationView[], total: counts!.total, limit, offset, unread: counts!.unread };
}

/** Notifications for the reader written after `afterId`, oldest first (what a live stream sends next). */
export async function notificationsAfter(db: Executor, reader: Reader, afterId: number, limit = 50) {
  const rows = await db
    .select(viewColumns)
    .from(notification)
    .leftJoin(notificationReceipt, receiptOf(reader))
    .where(and(addressedTo(reader), gt(notification.id, afterId), isNull(notificationReceipt.dismissedAt)))
    .orderBy(asc(notification.id))
    .limit(limit);
  return rows as NotificationView[];
}

/**
 * Every notification written after `afterId`, oldest first, as a new one looks to any reader (no
 * receipt yet: unread). The notifier reads them once for all the streams it wakes.
 */
export async function notificationsWrittenAfter(
  db: Executor,
  afterId: number,
  limit = 500,
): Promise<NotificationView[]> {
  const rows = await db
    .select()
    .from(notification)
    .where(gt(notification.id, afterId))
    .orderBy(asc(notification.id))
    .limit(limit);
  return rows.map((n) => ({ ...n, read: false }));
}

/** The newest notification id addressed to the reader (0 when none): where a new stream starts. */
export async function latestNotificationId(db: Executor, reader?: Reader): Promise<number> {
  const [row] = await db
    .select({ id: sql<number | null>`max(${notification.id})` })
    .from(notification)
    .where(reader ? addressedTo(reader) : undefined);
  return Number(row?.id ?? 0);
}

type ReceiptChange = { readAt: Date } | { readAt: Date; dismissedAt: Date };

/** Marks read (or dismisses) the reader's notifications: one by id, or all addressed to them. */
async function recordReceipts(db: Executor, reader: Reader, change: ReceiptChange, id?: number) {
  const now = change.readAt;
  const dismissed = 'dismissedAt' in change;
  // All: only those not yet in the wanted state, so a long history is not rewritten each time.
  const pending = dismissed ? isNull(notificationReceipt.dismissedAt) : isNull(notificationReceipt.readAt);
  const selected = await db
    .select({ id: notification.id })
    .from(notification)
    .leftJoin(notificationReceipt, receiptOf(reader))
    .where(and(addressedTo(reader), id === undefined ? pending : eq(notification.id, id)));
  if (id !== undefined && selected.length === 0) throw notFound('notificationNotFound', { id });
  if (selected.length === 0) return 0;
  await db
    .insert(notificationReceipt)
    .values(
      selected.map((n) => ({
        notificationId: n.id,
        userId: reader.id,
        readAt: now,
        dismissedAt: dismissed ? now : null,
      })),
    )
    .onConflictDoUpdate({
      target: [notificationReceipt.notificationId, notificationReceipt.userId],
      // The first read time is kept; dismissing also marks read.
      set: {
        readAt: sql`COALESCE(${notificationReceipt.readAt}, excluded.read_at)`,
        ...(dismissed ? { dismissedAt: sql`COALESCE(${notificationReceipt.dismissedAt}, excluded.dismissed_at)` } : {}),
      },
    });
  return selected.length;
}

export function markNotificationRead(db: Executor, { reader, id }: { reader: Reader; id: number }) {
  return recordReceipts(db, reader, { readAt: new Date() }, id);
}

export function markAllNotificationsRead(db: Executor, reader: Reader) {
  return recordReceipts(db, reader, { readAt: new Date() });
}

export function dismissNotification(db: Executor, { reader, id }: { reader: Reader; id: number }) {
  const now = new Date();
  return recordReceipts(db, reader, { readAt: now, dismissedAt: now }, id);
}

export function dismissAllNotifications(db: Executor, reader: Reader) {
  const now = new Date();
  return recordReceipts(db, reader, { readAt: now, dismissedAt: now });
}
