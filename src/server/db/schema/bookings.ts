import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import { bookingStatuses } from '../../../shared/workflow/record-workflows.ts';
import { bytea, createdAt, updatedAt, at } from './columns.ts';
import { appUser } from './accounts.ts';

// Stored files and bookings: what an applicant submits (sample types, payer, retailer, factory) and
// the quick-fill codes mailed to returning applicants.

export const storedFile = pgTable('stored_file', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  kind: text('kind', { enum: ['image', 'pdf'] }).notNull(),
  data: bytea('data').notNull(),
  uploadedBy: integer('uploaded_by').references(() => appUser.id),
  createdAt: createdAt(),
  /** For an anonymous upload (the public form's attachments): the caller's address, for its quota. */
  uploadedFrom: text('uploaded_from'),
  /** When a booking took an anonymous upload as its attachment; unclaimed ones are cleaned up. */
  claimedAt: at('claimed_at'),
});

export const booking = pgTable(
  'booking',
  {
    id: serial('id').primaryKey(),
    bookingNumber: text('booking_number').notNull().unique(),
    applicantContactPerson: text('applicant_contact_person').notNull(),
    applicantCompany: text('applicant_company').notNull(),
    telephone: text('telephone').notNull(),
    email: text('email').notNull(),
    address: text('address').notNull(),
    cityStateCountry: text('city_state_country').notNull(),
    emailReportToEmail: text('email_report_to_email'),
    sampleDescription: text('sample_description'),
    rushService: boolean('rush_service').notNull().default(false),
    specialInstructions: text('special_instructions'),
    returnSample: boolean('return_sample').notNull().default(false),
    sendReportHardcopy: boolean('send_report_hardcopy').notNull().default(false),
    sendReportEmail: boolean('send_report_email').notNull().default(true),
    sendReportFax: boolean('send_report_fax').notNull().default(false),
    bookingNotes: text('booking_notes'),
    status: text('status', { enum: bookingStatuses }).notNull().default('UnConfirmed'),
    cancelReason: text('cancel_reason'),
    samplePreparedDate: date('sample_prepared_date').notNull(),
    isAgreeRegistration: boolean('is_agree_registration').notNull().default(false),
    isConfirmAccurate: boolean('is_confirm_accurate').notNull().default(false),
    /** The language the booking was made in ('en' | 'vi'): mails and PDFs to its client use it. */
    language: text('language', { enum: ['en', 'vi'] })
      .notNull()
      .default('en'),
    attachmentFileIds: jsonb('attachment_file_ids').$type<string[]>().notNull().default([]),
    createdBy: integer('created_by').references(() => appUser.id),
    confirmedBy: integer('confirmed_by').references(() => appUser.id),
    confirmedAt: at('confirmed_at'),
    cancelledBy: integer('cancelled_by').references(() => appUser.id),
    cancelledAt: at('cancelled_at'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('booking_status_created').on(t.status, t.createdAt),
    index('booking_email').on(t.email),
    // The dashboard's monthly chart and summary read bookings by creation time across statuses;
    // the list pages through it newest first, the id breaking ties.
    index('booking_created').on(t.createdAt, t.id),
    // The list's number filter and search are "contains" over these columns (migration 0006).
    index('booking_search').using(
      'gin',
      t.bookingNumber.op('gin_trgm_ops'),
      t.applicantCompany.op('gin_trgm_ops'),
      t.applicantContactPerson.op('gin_trgm_ops'),
      t.email.op('gin_trgm_ops'),
    ),
    index('booking_rush')
      .on(t.id)
      .where(sql`rush_service`),
  ],
);

export const bookingSampleType = pgTable(
  'booking_sample_type',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => booking.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: text('type').notNull(),
    composition: text('composition').notNull(),
    expectedOrigins: jsonb('expected_origins').$type<{ origin: string }[]>().notNull(),
    notes: text('notes'),
  },
  // A booking's sample types (its detail, the list's counts, the cascade when it is deleted).
  (t) => [index('booking_sample_type_booking').on(t.bookingId, t.position)],
);

export const bookingPayer = pgTable('booking_payer', {
  bookingId: integer('booking_id')
    .primaryKey()
    .references(() => booking.id, { onDelete: 'cascade' }),
  isTheSameClientInfo: boolean('is_the_same_client_info').notNull().default(true),
  companyName: text('company_name'),
  address: text('address'),
  cityStateCountry: text('city_state_country'),
  phone: text('phone'),
  contactName: text('contact_name'),
  email: text('email'),
  sendInvoiceToEmail: text('send_invoice_to_email'),
});

export const bookingRetailer = pgTable('booking_retailer', {
  bookingId: integer('booking_id')
    .primaryKey()
    .references(() => booking.id, { onDelete: 'cascade' }),
  retailerName: text('retailer_name'),
  notes: text('notes'),
});

export const bookingFactory = pgTable('booking_factory', {
  bookingId: integer('booking_id')
    .primaryKey()
    .references(() => booking.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  factoryName: text('factory_name'),
  contactName: text('contact_name'),
  phone: text('phone'),
  email: text('email'),
  address: text('address'),
  cityStateCountry: text('city_state_country'),
  notes: text('notes'),
});

/** Quick-fill codes mailed to returning applicants; stored hashed. */
export const quickFillCode = pgTable(
  'quick_fill_code',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    companyData: jsonb('company_data').$type<Record<string, string>>().notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('quick_fill_email').on(t.email), index('quick_fill_phone').on(t.phone)],
);
