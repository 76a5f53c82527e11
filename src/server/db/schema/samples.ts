import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { dispatchBatchStatuses } from '../../../shared/workflow/record-workflows.ts';
import { benchStatuses } from '../../../shared/workflow/benches.ts';
import { receiptDecisions, receivedConditions } from '../../../shared/workflow/sample-workflow.ts';
import type { MeasuredElement } from '../../../shared/measurement/measurement.ts';
import { openStatusList, statusList, createdAt, updatedAt, at } from './columns.ts';
import { appUser } from './accounts.ts';
import { storedFile, booking, bookingSampleType } from './bookings.ts';

// The laboratory's work: dispatch batches, sample entries, third-lab entries, origin analyses and the
// clean isotope reference records.

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
    /** How the sample arrived, recorded at check-in (receivedConditions); null until received. */
    receivedCondition: text('received_condition', { enum: receivedConditions }),
    /** What the person checking the sample in noted about its arrival. */
    receiptNote: text('receipt_note'),
    /**
     * The client's decision about a sample received damaged or insufficient (receiptDecisions),
     * recorded by Customer Service; null until recorded, and again at a replacement's new receipt.
     */
    receiptDecision: text('receipt_decision', { enum: receiptDecisions }),
    receiptDecisionNote: text('receipt_decision_note'),
    receiptDecisionAt: at('receipt_decision_at'),
    receiptDecisionBy: integer('receipt_decision_by').references(() => appUser.id),
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
    /**
     * Why the laboratory's origin conclusion stands without a saved origin analysis, or departs from
     * the one saved (ISO/IEC 17025 §7.8.7, the basis of an opinion); printed on the certificate.
     */
    originReason: text('origin_reason'),
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
    // page's ids are found in the index alone (services/samples/sample-lists.ts listSampleEntries).
    index('sample_entry_updated').on(t.updatedAt, t.id, t.status),
    // The tester's and the supervisor's whole bench in the same order, holding only their statuses:
    // a page far down is skipped in the index without testing each entry's status on the way
    // (a page at offset 50,000 in half the time). The predicate must list the bench's statuses as
    // the list asks for them (shared/workflow/benches.ts); tests/server/lists/list-plans.test.ts checks each is used.
    index('sample_entry_tester_updated')
      .on(t.updatedAt, t.id)
      .where(sql.raw(`status IN (${statusList(benchStatuses.tester)})`)),
    index('sample_entry_supervisor_updated')
      .on(t.updatedAt, t.id)
      .where(sql.raw(`status IN (${statusList(benchStatuses.supervisor)})`)),
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
    // A measurement run's identifiers are matched to IDFL numbers without case or separators
    // (shared/measurement/measurement.ts identifierKey); the run's look-up reads this index.
    index('sample_entry_idfl_key').on(sql`regexp_replace(lower(idfl_number), '[^[:alnum:]]', '', 'g')`),
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
    // δ15N (AIR) and δ34S (VCDT): optional, measured only for the materials where they tell origins apart.
    nitrogen: doublePrecision('nitrogen'),
    sulfur: doublePrecision('sulfur'),
    // Each value's expanded uncertainty (± per mil) as the third lab reports it; none when not given.
    carbonUncertainty: doublePrecision('carbon_uncertainty'),
    hydrogenUncertainty: doublePrecision('hydrogen_uncertainty'),
    oxygenUncertainty: doublePrecision('oxygen_uncertainty'),
    nitrogenUncertainty: doublePrecision('nitrogen_uncertainty'),
    sulfurUncertainty: doublePrecision('sulfur_uncertainty'),
    /**
     * For each value that came from a measurement run, that run's id (measurement_run): the run is
     * named beside the value. A value typed by hand drops its run.
     */
    measurementRuns: jsonb('measurement_runs').$type<Partial<Record<MeasuredElement, number>>>(),
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
    // A sample's entries; with the worklist's order keys beside it, a filtered far page counts the
    // rows after its last one by looking each matching sample's entries up in the index alone.
    index('third_lab_entry_sample').on(t.sampleEntryId, t.sentDate, t.id),
    // The third lab's worklist, newest sent first.
    // The worklist's order, its last tie-breaker (the entry's id, for keyset paging) included.
    index('third_lab_entry_sent').on(t.sentDate, t.sampleEntryId, t.id),
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
