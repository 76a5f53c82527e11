import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, at } from './columns.ts';

// Accounts and the server's own records: settings, countries, guidelines, roles, users and their
// tokens, rate limits, deletions, outgoing mail and idempotency answers.

/** Server-wide settings kept in the database so that every API instance shares them (signing key). */
export const appSetting = pgTable('app_setting', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const country = pgTable('country', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  protected: boolean('protected').notNull().default(false),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The laboratory's sample-submission guidelines (the public Guidelines page), one row at most: until
 * an administrator saves their own, the built-in default text is shown. Markdown, in both languages.
 */
export const submissionGuidelines = pgTable('submission_guidelines', {
  id: integer('id').primaryKey().default(1),
  textEn: text('text_en').notNull(),
  textVi: text('text_vi').notNull(),
  version: integer('version').notNull().default(1),
  updatedBy: integer('updated_by').references(() => appUser.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

export const role = pgTable('role', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  active: boolean('active').notNull().default(true),
  permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const appUser = pgTable(
  'app_user',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => role.id),
    countryId: integer('country_id').references(() => country.id),
    active: boolean('active').notNull().default(true),
    lastSignedInAt: at('last_signed_in_at'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Raised when the password changes: access tokens carry it, so older ones stop working at once. */
    sessionEpoch: integer('session_epoch').notNull().default(0),
  },
  (t) => [
    uniqueIndex('app_user_username_lower').on(sql`lower(${t.username})`),
    uniqueIndex('app_user_email_lower').on(sql`lower(${t.email})`),
  ],
);

/** Rotating refresh tokens, stored hashed; a family shares one sign-in, reuse revokes the family. */
export const refreshToken = pgTable(
  'refresh_token',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: uuid('family_id').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    revokedAt: at('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_token_family').on(t.familyId)],
);

export const passwordReset = pgTable('password_reset', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => appUser.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  createdAt: createdAt(),
});

/** Fixed-window counters shared by every API instance (sign-in, quick-fill, certificate checks). */
export const rateLimit = pgTable('rate_limit', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: at('reset_at').notNull(),
});

/**
 * A tombstone for each deleted record a device may hold in a cached list: the delta sync hands them
 * out so the record leaves every device at its next sync, not only at the daily full reload.
 */
export const deletedRecord = pgTable(
  'deleted_record',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entityType: text('entity_type').notNull(),
    recordId: text('record_id').notNull(),
    deletedAt: at('deleted_at').notNull().defaultNow(),
  },
  (t) => [index('deleted_record_entity_at').on(t.entityType, t.deletedAt)],
);

/** Mail the server sent or, without SMTP_URL, kept for an administrator to read. */
export const outboundMail = pgTable('outbound_mail', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  claimedAt: at('claimed_at'),
  attempts: integer('attempts').notNull().default(0),
  sentAt: at('sent_at'),
  error: text('error'),
  createdAt: createdAt(),
  /** The text with its secrets (a reset link) blanked: all that is shown, and all that is kept once sent. */
  redactedText: text('redacted_text'),
});

/** First answers to mutations sent with an Idempotency-Key, so replays change nothing. */
export const idempotencyRecord = pgTable(
  'idempotency_record',
  {
    key: text('key').notNull(),
    scope: text('scope').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    body: text('body').notNull(),
    contentType: text('content_type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);
