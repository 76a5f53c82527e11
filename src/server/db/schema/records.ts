import {
  bigint,
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
import { at } from './columns.ts';
import { appUser } from './accounts.ts';
import { storedFile } from './bookings.ts';
import { sampleEntry } from './samples.ts';

// Issued certificates, the audit trail and the per-year numbering.

export const certificate = pgTable(
  'certificate',
  {
    id: serial('id').primaryKey(),
    sampleEntryId: integer('sample_entry_id')
      .notNull()
      .references(() => sampleEntry.id),
    token: text('token').notNull().unique(),
    version: integer('version').notNull(),
    status: text('status', { enum: ['Valid', 'Revoked', 'Superseded'] })
      .notNull()
      .default('Valid'),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    fileId: uuid('file_id').references(() => storedFile.id),
    issuedAt: at('issued_at').notNull().defaultNow(),
    issuedBy: integer('issued_by').references(() => appUser.id),
    revokedAt: at('revoked_at'),
    revokedBy: integer('revoked_by').references(() => appUser.id),
    revokeReason: text('revoke_reason'),
    supersededById: integer('superseded_by_id'),
  },
  // One certificate per sample and version: two requests racing to issue the same version cannot both
  // write one (the second finds it and answers with it, see issueCertificate).
  (t) => [uniqueIndex('certificate_sample_version').on(t.sampleEntryId, t.version)],
);

/**
 * Chain of custody. Append-only (a trigger refuses UPDATE and DELETE, see sql/after-migrate.sql)
 * and hash-chained: each record carries the hash of the one before, so tampering is detectable.
 * `hashVersion` says how `hash` was taken (services/custody/audit.ts): 1, plain SHA-256 without the actor's
 * name (records written before the chain was keyed); 2, HMAC-SHA-256 with the chain key, over every
 * field a custody document prints.
 */
export const auditRecord = pgTable(
  'audit_record',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull().default({}),
    reason: text('reason'),
    actorId: integer('actor_id'),
    actorName: text('actor_name'),
    at: at('at').notNull().defaultNow(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    hashVersion: integer('hash_version').notNull().default(1),
  },
  (t) => [
    index('audit_record_entity').on(t.entityType, t.entityId),
    // Turnaround: the transitions into one status within a period (dashboard statistics).
    index('audit_record_transition').on(t.entityType, t.toStatus, t.at),
    // ...and, for each of them, when that sample entered the stage's start status (index-only).
    index('audit_record_entity_status').on(t.entityType, t.entityId, t.toStatus, t.at),
  ],
);

/**
 * The chain's head as published each day (logged and mailed outside the database): the last record's
 * id and hash and how many records there were, sealed with the chain key. Verification reads a chain
 * whose head is behind an anchor, or no longer holds an anchored hash, as broken (its tail was cut).
 * Append-only, like the chain.
 */
export const auditAnchor = pgTable('audit_anchor', {
  id: serial('id').primaryKey(),
  at: at('at').notNull().defaultNow(),
  recordId: bigint('record_id', { mode: 'number' }).notNull(),
  recordCount: bigint('record_count', { mode: 'number' }).notNull(),
  headHash: text('head_hash').notNull(),
  /** What the full check said when the anchor was taken. */
  valid: boolean('valid').notNull(),
  mailedTo: text('mailed_to'),
  seal: text('seal').notNull(),
});

/**
 * The last verdict of the chain, so a custody document re-hashes only the records written since
 * (one row, id 1). Sealed with the chain key; a broken verdict stays until a full check clears it.
 */
export const auditCheckpoint = pgTable('audit_checkpoint', {
  id: integer('id').primaryKey(),
  recordId: bigint('record_id', { mode: 'number' }).notNull(),
  recordCount: bigint('record_count', { mode: 'number' }).notNull(),
  headHash: text('head_hash').notNull(),
  valid: boolean('valid').notNull(),
  brokenAt: bigint('broken_at', { mode: 'number' }),
  problem: text('problem'),
  checkedAt: at('checked_at').notNull().defaultNow(),
  seal: text('seal').notNull(),
});

/** Sequential, per-year numbering for booking and IDFL numbers. */
export const numberSequence = pgTable(
  'number_sequence',
  {
    name: text('name').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.name, t.year] })],
);
