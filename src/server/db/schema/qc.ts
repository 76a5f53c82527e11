import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { MeasuredElement } from '../../../shared/measurement/measurement.ts';
import type { RunVerdict, WestgardRule } from '../../../shared/measurement/qc-westgard.ts';
import type { QcCheckRecord, QcDuplicateRecord, NonconformityRule } from '../../../shared/measurement/qc.ts';
import { appUser } from './accounts.ts';
import { at, createdAt, updatedAt } from './columns.ts';
import { measurementRun, referenceMaterial } from './measurement.ts';
import { proficiencyTest } from './proficiency.ts';
import { sampleEntry } from './samples.ts';

// Quality control of measurement runs (docs/quality-control.md): each check standard's results (its
// control chart), a supervisor's target limits, each run's verdict, and the non-conformity a rejected
// run opens, which holds the samples it covers until a second supervisor releases it.

/** One normalised result of a check standard in a run: a point of that standard's chart. */
export const qcCheckResult = pgTable(
  'qc_check_result',
  {
    id: serial('id').primaryKey(),
    measurementRunId: integer('measurement_run_id')
      .notNull()
      .references(() => measurementRun.id),
    referenceMaterialId: integer('reference_material_id')
      .notNull()
      .references(() => referenceMaterial.id),
    element: text('element').$type<MeasuredElement>().notNull(),
    /** The analysis's place in the run's sequence: results of one run are read in this order. */
    position: integer('position').notNull(),
    value: doublePrecision('value').notNull(),
  },
  (t) => [index('qc_check_result_chart').on(t.referenceMaterialId, t.element, t.measurementRunId, t.position)],
);

/** A supervisor's target mean and SD for a check standard's chart: used instead of the first 20 results. */
export const qcControlLimit = pgTable(
  'qc_control_limit',
  {
    id: serial('id').primaryKey(),
    referenceMaterialId: integer('reference_material_id')
      .notNull()
      .references(() => referenceMaterial.id),
    element: text('element').$type<MeasuredElement>().notNull(),
    mean: doublePrecision('mean').notNull(),
    sd: doublePrecision('sd').notNull(),
    setBy: integer('set_by').references(() => appUser.id),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('qc_control_limit_chart').on(t.referenceMaterialId, t.element)],
);

/** A run's quality-control verdict as judged when it was imported. */
export const qcRunVerdict = pgTable('qc_run_verdict', {
  measurementRunId: integer('measurement_run_id')
    .primaryKey()
    .references(() => measurementRun.id),
  verdict: text('verdict').$type<RunVerdict>().notNull(),
  /** The rejection rules broken (any check standard), for lists. */
  rules: jsonb('rules').$type<WestgardRule[]>().notNull(),
  checks: jsonb('checks').$type<QcCheckRecord[]>().notNull(),
  duplicates: jsonb('duplicates').$type<QcDuplicateRecord[]>().notNull(),
  createdAt: createdAt(),
});

export const nonconformity = pgTable(
  'nonconformity',
  {
    id: serial('id').primaryKey(),
    /** The rejected run that opened it; or, for an unsatisfactory proficiency round, none. */
    measurementRunId: integer('measurement_run_id').references(() => measurementRun.id),
    /** The unsatisfactory proficiency round (|z| > 3) that opened it; or, for a rejected run, none. */
    proficiencyTestId: integer('proficiency_test_id').references(() => proficiencyTest.id),
    /** Which rule each check standard broke (a run's); empty for a proficiency round. */
    rules: jsonb('rules').$type<NonconformityRule[]>().notNull(),
    status: text('status').$type<'open' | 'released'>().notNull().default('open'),
    releasedBy: integer('released_by').references(() => appUser.id),
    releasedAt: at('released_at'),
    justification: text('justification'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('nonconformity_status').on(t.status, t.id),
    uniqueIndex('nonconformity_run').on(t.measurementRunId),
    uniqueIndex('nonconformity_proficiency_test').on(t.proficiencyTestId),
    check('nonconformity_one_source', sql`num_nonnulls(${t.measurementRunId}, ${t.proficiencyTestId}) = 1`),
  ],
);

/** A sample a non-conformity holds: measured in its run or in a run since the last in-control one. */
export const nonconformitySample = pgTable(
  'nonconformity_sample',
  {
    nonconformityId: integer('nonconformity_id')
      .notNull()
      .references(() => nonconformity.id),
    sampleEntryId: integer('sample_entry_id')
      .notNull()
      .references(() => sampleEntry.id),
    /** The run that measured it (this non-conformity's or an earlier one since the last in-control run). */
    measurementRunId: integer('measurement_run_id')
      .notNull()
      .references(() => measurementRun.id),
  },
  (t) => [
    primaryKey({ columns: [t.nonconformityId, t.sampleEntryId] }),
    index('nonconformity_sample_sample').on(t.sampleEntryId),
  ],
);
