import { boolean, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { at, createdAt } from './columns.ts';
import { booking } from './bookings.ts';

// The client's side of a booking (docs/client-portal.md): one-time sign-in links mailed to an
// address, the client sessions they open, what the client asked to hear and last looked at, the
// mails sent to them and the notes they added. Secrets are stored as SHA-256 hashes only.

/**
 * A one-time sign-in link mailed to an address; the address is stored lower-cased. A link mailed
 * about one booking names it: opening it is that address's confirmation that the booking is theirs.
 */
export const clientSignInLink = pgTable(
  'client_sign_in_link',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    bookingId: integer('booking_id').references(() => booking.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('client_sign_in_link_email').on(t.email)],
);

/**
 * A client session: its own kind, apart from staff refresh tokens and access tokens. It names an
 * e-mail address only; the bookings it may read are looked up by that address on every request.
 */
export const clientSession = pgTable('client_session', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: at('expires_at').notNull(),
  createdAt: createdAt(),
});

/**
 * Per booking and address: whether the client turned the progress mails off, when they last looked,
 * and when the address confirmed the booking by opening a link mailed about it (a report recipient
 * or payer sees the booking in My orders only from then on).
 */
export const clientBookingPreference = pgTable(
  'client_booking_preference',
  {
    bookingId: integer('booking_id')
      .notNull()
      .references(() => booking.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    mailsOff: boolean('mails_off').notNull().default(false),
    lastViewedAt: at('last_viewed_at'),
    confirmedAt: at('confirmed_at'),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.email] })],
);

/** Each progress mail sent to a client about a booking, for the staff booking detail. */
export const clientBookingMail = pgTable(
  'client_booking_mail',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => booking.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['confirmation', 'named', 'received', 'certified', 'cancelled', 'reissued', 'revoked'],
    }).notNull(),
    to: text('to').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('client_booking_mail_booking').on(t.bookingId)],
);

/** A note a client added to their booking. */
export const clientBookingNote = pgTable(
  'client_booking_note',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => booking.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('client_booking_note_booking').on(t.bookingId)],
);
