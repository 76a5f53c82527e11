import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { openSampleStatuses } from '../../shared/statistics.ts';
import { bookingStatuses, dispatchBatchStatuses } from '../../shared/record-workflows.ts';

// One schema for every entity of the specification (section 3). Later work extends these tables
// rather than adding parallel ones. Timestamps are timezone-aware; weights are grams.

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const openStatusList = openSampleStatuses.map((status) => `'${status}'`).join(', ');

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });

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

export const dispatchBatch = pgTable('dispatch_batch', {
  id: serial('id').primaryKey(),
  packageCode: text('package_code').notNull().unique(),
  packageName: text('package_name').notNull(),
  shippmentNumber: text('shippment_number').notNull(),
  status: text('status', { enum: dispatchBatchStatuses }).notNull().default('Draft'),
  notes: text('notes'),
  sentDate: at('sent_date'),
  sentBy: integer('sent_by').references(() => appUser.id),
  createdBy: integer('created_by').references(() => appUser.id),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sampleEntry = pgTable(
  'sample_entry',
  {
    id: serial('id').primaryKey(),
    idflNumber: text('idfl_number').notNull().unique(),
    bookingId: integer('booking_id').references(() => booking.id),
    bookingSampleTypeId: integer('booking_sample_type_id').references(() => bookingSampleType.id),
    sampleCode: text('sample_code'),
    sampleType: text('sample_type'),
    source: text('source'),
    localCode: text('local_code'),
    bnCode: text('bn_code'),
    status: text('status').notNull(),
    expectedConclusion: text('expected_conclusion'),
    sampleInformation: text('sample_information'),
    isotopeMix: text('isotope_mix'),
    isotopeColor: text('isotope_color'),
    countryCode: text('country_code'),
    identificationNotes: text('identification_notes'),
    unit: text('unit'),
    initialWeight: doublePrecision('initial_weight'),
    sentWeight: doublePrecision('sent_weight'),
    remainingWeight: doublePrecision('remaining_weight'),
    storageArea: text('storage_area'),
    shipmentNumber: text('shipment_number'),
    packageCode: text('package_code'),
    dispatchBatchId: integer('dispatch_batch_id').references(() => dispatchBatch.id),
    receivedDate: at('received_date'),
    receivedBy: text('received_by'),
    confirmDate: at('confirm_date'),
    analysisDate: at('analysis_date'),
    sampleReturnDate: at('sample_return_date'),
    sentToTesterDate: at('sent_to_tester_date'),
    sentToTesterBy: integer('sent_to_tester_by').references(() => appUser.id),
    testerReceivedDate: at('tester_received_date'),
    testerReceivedBy: integer('tester_received_by').references(() => appUser.id),
    sentDate: at('sent_date'),
    sentBy: integer('sent_by').references(() => appUser.id),
    smell: boolean('smell').notNull().default(false),
    dirty: boolean('dirty').notNull().default(false),
    isPaid: boolean('is_paid').notNull().default(false),
    evaluationByRegionRatio: jsonb('evaluation_by_region_ratio').$type<Record<string, number>>(),
    evaluationByMixRatio: jsonb('evaluation_by_mix_ratio').$type<Record<string, number>>(),
    note: text('note'),
    imageFileIds: jsonb('image_file_ids').$type<string[]>().notNull().default([]),
    fromIdflInfo: text('from_idfl_info'),
    fromClientInfo: text('from_client_info'),
    conclusion: text('conclusion'),
    predictedOrigin: text('predicted_origin'),
    consistentWithPredictedOrigin: boolean('consistent_with_predicted_origin'),
    consistentWithXinjiangOrigin: boolean('consistent_with_xinjiang_origin'),
    finalResultConfirmedBy: integer('final_result_confirmed_by').references(() => appUser.id),
    finalResultConfirmedAt: at('final_result_confirmed_at'),
    /** When the sample entered its current status; kept by a trigger (sql/after-migrate.sql). */
    statusChangedAt: at('status_changed_at'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The dashboard's long-waiting samples: open statuses whose current stage began before a day.
    index('sample_entry_status_changed').on(t.status, t.statusChangedAt),
    // The few samples still open (most of a laboratory's history is completed): the dashboard's
    // counts per open stage and its long-waiting samples read only these.
    index('sample_entry_open_since')
      .on(t.statusChangedAt, t.status)
      .where(sql.raw(`status IN (${openStatusList})`)),
    index('sample_entry_final_result').on(t.finalResultConfirmedAt),
    index('sample_entry_status_updated').on(t.status, t.updatedAt),
    index('sample_entry_booking').on(t.bookingId),
    index('sample_entry_received').on(t.receivedDate),
    index('sample_entry_package').on(t.packageCode),
    // The bench lists page newest change first, the id breaking ties; the status rides along so a
    // page's ids are found in the index alone (services/sample-entries.ts listSampleEntries).
    index('sample_entry_updated').on(t.updatedAt, t.id, t.status),
    // The lists' IDFL filter and search are "contains" over these columns (migration 0006).
    index('sample_entry_search').using(
      'gin',
      t.idflNumber.op('gin_trgm_ops'),
      t.sampleCode.op('gin_trgm_ops'),
      t.sampleType.op('gin_trgm_ops'),
      t.source.op('gin_trgm_ops'),
      t.localCode.op('gin_trgm_ops'),
      t.bnCode.op('gin_trgm_ops'),
      t.packageCode.op('gin_trgm_ops'),
    ),
    index('sample_entry_dispatch_batch').on(t.dispatchBatchId),
  ],
);

export const thirdLabEntry = pgTable(
  'third_lab_entry',
  {
    id: serial('id').primaryKey(),
    sampleEntryId: integer('sample_entry_id')
      .notNull()
      .references(() => sampleEntry.id),
    labName: text('lab_name').notNull().default('hoanVuLab'),
    sentDate: at('sent_date'),
    receivedDate: at('received_date'),
    resultReturnedDate: at('result_returned_date'),
    notes: text('notes'),
    reportFileId: uuid('report_file_id').references(() => storedFile.id),
    carbon: doublePrecision('carbon'),
    hydrogen: doublePrecision('hydrogen'),
    oxygen: doublePrecision('oxygen'),
    resultEnteredBy: integer('result_entered_by').references(() => appUser.id),
    checkedInDate: at('checked_in_date'),
    checkedInBy: integer('checked_in_by').references(() => appUser.id),
    testTeamConfirmedDate: at('test_team_confirmed_date'),
    testTeamConfirmedBy: integer('test_team_confirmed_by').references(() => appUser.id),
    idflSentDate: at('idfl_sent_date'),
    idflSentBy: integer('idfl_sent_by').references(() => appUser.id),
    idflConfirmedDate: at('idfl_confirmed_date'),
    idflConfirmedBy: integer('idfl_confirmed_by').references(() => appUser.id),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('third_lab_entry_sample').on(t.sampleEntryId),
    // The third lab's worklist, newest sent first.
    index('third_lab_entry_sent').on(t.sentDate, t.sampleEntryId),
    // The worklist sorted by when the third lab received each sample.
    index('third_lab_entry_received').on(t.receivedDate),
    index('third_lab_entry_returned').on(t.resultReturnedDate),
  ],
);

export const analysis = pgTable(
  'analysis',
  {
    id: serial('id').primaryKey(),
    sampleCode: text('sample_code'),
    idflNumber: text('idfl_number'),
    material: text('material'),
    countryCode: text('country_code'),
    sources: text('sources'),
    classify: text('classify', { enum: ['Pending', 'Unsatisfied', 'Neutral', 'Satisfied'] })
      .notNull()
      .default('Pending'),
    /** Saved → SavedToSampleEntry → Transferred (src/shared/schemas/analysis.ts). */
    status: text('status').notNull().default('Saved'),
    prediction: text('prediction'),
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    result: jsonb('result').$type<Record<string, unknown>>(),
    conclusion: text('conclusion'),
    /** The reference set's version the result was computed on. */
    referenceVersion: text('reference_version'),
    sampleEntryId: integer('sample_entry_id').references(() => sampleEntry.id),
    cleanIsotopeRecordId: integer('clean_isotope_record_id'),
    analysisDate: at('analysis_date').notNull().defaultNow(),
    createdBy: integer('created_by').references(() => appUser.id),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('analysis_date').on(t.analysisDate),
    index('analysis_classify_date').on(t.classify, t.analysisDate),
    index('analysis_prediction_date').on(t.prediction, t.analysisDate),
  ],
);

export const cleanIsotopeRecord = pgTable(
  'clean_isotope_record',
  {
    id: serial('id').primaryKey(),
    sampleCode: text('sample_code').notNull(),
    material: text('material').notNull(),
    classify: text('classify'),
    /** Country or region (at least one): the model's class is the region, else the country. */
    countryCode: text('country_code'),
    region: text('region'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    d13C: doublePrecision('d13c'),
    d2H: doublePrecision('d2h'),
    d18O: doublePrecision('d18o'),
    d15N: doublePrecision('d15n'),
    d34S: doublePrecision('d34s'),
    otherElements: jsonb('other_elements').$type<Record<string, number>>().notNull().default({}),
    verifiedBy: text('verified_by'),
    sourceSampleEntryId: integer('source_sample_entry_id').references(() => sampleEntry.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('clean_isotope_material_country').on(t.material, t.countryCode),
    // Re-importing a sample code of a material updates it (the import's upsert key).
    uniqueIndex('clean_isotope_material_sample_code').on(t.material, t.sampleCode),
  ],
);

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
  (t) => [index('certificate_sample').on(t.sampleEntryId)],
);

/**
 * Chain of custody. Append-only (a trigger refuses UPDATE and DELETE, see sql/audit-append-only.sql)
 * and hash-chained: each record carries the hash of the one before, so tampering is detectable.
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
  },
  (t) => [
    index('audit_record_entity').on(t.entityType, t.entityId),
    // Turnaround: the transitions into one status within a period (dashboard statistics).
    index('audit_record_transition').on(t.entityType, t.toStatus, t.at),
    // ...and, for each of them, when that sample entered the stage's start status (index-only).
    index('audit_record_entity_status').on(t.entityType, t.entityId, t.toStatus, t.at),
  ],
);

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
