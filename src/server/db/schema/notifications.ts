import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, at } from './columns.ts';
import { appUser } from './accounts.ts';

// Notifications and their delivery: receipts, web-push subscriptions and push attempts.

/** Notifications addressed to one user, or to every holder of a permission. */
export const notification = pgTable(
  'notification',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => appUser.id, { onDelete: 'cascade' }),
    permission: text('permission'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    /** What happened, as a code the app translates (with params); title and message are its English. */
    kind: text('kind'),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('notification_created').on(t.createdAt),
    index('notification_user').on(t.userId),
    index('notification_permission').on(t.permission),
  ],
);

export const pushSubscription = pgTable('push_subscription', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => appUser.id, { onDelete: 'cascade' }),
  endpoint: text('endpoint').notNull().unique(),
  keys: jsonb('keys').$type<{ p256dh: string; auth: string }>().notNull(),
  createdAt: createdAt(),
});

/**
 * Each user's own state of a notification: read, or dismissed from their bell. One row per user,
 * so a notification addressed to a permission is read or dismissed by each holder separately.
 */
export const notificationReceipt = pgTable(
  'notification_receipt',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notification.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    readAt: at('read_at'),
    dismissedAt: at('dismissed_at'),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.userId] }), index('notification_receipt_user').on(t.userId)],
);

/**
 * The Web Push outbox: one row per (notification, subscription), written in the notification's
 * transaction and sent after commit; a sent row is removed, a failing one waits for its next attempt.
 */
export const pushDelivery = pgTable(
  'push_delivery',
  {
    id: serial('id').primaryKey(),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notification.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscription.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: at('claimed_at'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('push_delivery_due').on(t.nextAttemptAt)],
);
