import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  IsotopeScale,
  MeasuredElement,
  MeasurementRunAnalysis,
  ReferenceMaterialKind,
  RunCalibration,
  RunMethod,
} from '../../../shared/measurement/measurement.ts';
import { createdAt, updatedAt } from './columns.ts';
import { appUser } from './accounts.ts';
import { dispatchBatch, sampleEntry } from './samples.ts';

// Measurement runs: the reference materials that put the third lab's instrument readings on the
// international scales (their values kept by version), the runs imported from the instrument, and
// each sample's normalised result of each run's computation (docs/measurement.md).

export const referenceMaterial = pgTable('reference_material', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** Other spellings an instrument's sequence may use ("USGS-40"); matched like the name. */
  aliases: jsonb('aliases').$type<string[]>().notNull().default([]),
  material: text('material').notNull(),
  kind: text('kind').$type<ReferenceMaterialKind>().notNull().default('inHouse'),
  notes: text('notes'),
  createdBy: integer('created_by').references(() => appUser.id),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One assigned value of a reference material for one element. Never edited: a revised value is a new
 * row valid from its date, so every run keeps the value it was computed with.
 */
export const referenceMaterialValue = pgTable(
  'reference_material_value',
  {
    id: serial('id').primaryKey(),
    referenceMaterialId: integer('reference_material_id')
      .notNull()
      .references(() => referenceMaterial.id),
    element: text('element').$type<MeasuredElement>().notNull(),
    value: doublePrecision('value').notNull(),
    uncertainty: doublePrecision('uncertainty'),
    scale: text('scale').$type<IsotopeScale>().notNull(),
    validFrom: date('valid_from').notNull(),
    source: text('source'),
    createdBy: integer('created_by').references(() => appUser.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('reference_material_value_version').on(t.referenceMaterialId, t.element, t.validFrom)],
);

export const measurementRun = pgTable(
  'measurement_run',
  {
    id: serial('id').primaryKey(),
    fileName: text('file_name').notNull(),
    /** isodat: the instrument's peak export; reduced: one row per analysis. */
    format: text('format').$type<'isodat' | 'reduced'>().notNull(),
    dispatchBatchId: integer('dispatch_batch_id').references(() => dispatchBatch.id),
    /** The day the run was measured (the import's day unless given). */
    measuredOn: date('measured_on').notNull(),
    /** Raised by each recomputation; results and value uses are kept per revision. */
    revision: integer('revision').notNull().default(1),
    method: jsonb('method').$type<RunMethod>().notNull(),
    analyses: jsonb('analyses').$type<MeasurementRunAnalysis[]>().notNull(),
    calibrations: jsonb('calibrations').$type<RunCalibration[]>().notNull(),
    elements: jsonb('elements').$type<MeasuredElement[]>().notNull(),
    analysisCount: integer('analysis_count').notNull(),
    sampleCount: integer('sample_count').notNull(),
    unmatchedCount: integer('unmatched_count').notNull(),
    importedBy: integer('imported_by').references(() => appUser.id),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The list's filters (by package, by day), newest first with the id breaking ties.
    index('measurement_run_package').on(t.dispatchBatchId, t.createdAt, t.id),
    index('measurement_run_day').on(t.measuredOn, t.createdAt, t.id),
    index('measurement_run_created').on(t.createdAt, t.id),
  ],
);

/** Which value version of which reference material each revision of a run was computed with. */
export const measurementRunValue = pgTable(
  'measurement_run_value',
  {
    id: serial('id').primaryKey(),
    measurementRunId: integer('measurement_run_id')
      .notNull()
      .references(() => measurementRun.id),
    revision: integer('revision').notNull(),
    referenceMaterialValueId: integer('reference_material_value_id')
      .notNull()
      .references(() => referenceMaterialValue.id),
    /** true for an anchor of the normalisation, false for a check standard. */
    isAnchor: boolean('is_anchor').notNull(),
  },
  (t) => [
    // A new value's impact: the runs that used an earlier one.
    index('measurement_run_value_value').on(t.referenceMaterialValueId, t.measurementRunId),
    index('measurement_run_value_run').on(t.measurementRunId, t.revision),
  ],
);

/**
 * A sample's normalised values from one revision of a run: a new revision adds rows, never changes
 * them. `landed` says whether they were written into the sample's third-lab result, `notLanded` why not.
 */
export const measurementResult = pgTable(
  'measurement_result',
  {
    id: serial('id').primaryKey(),
    measurementRunId: integer('measurement_run_id')
      .notNull()
      .references(() => measurementRun.id),
    revision: integer('revision').notNull(),
    sampleEntryId: integer('sample_entry_id')
      .notNull()
      .references(() => sampleEntry.id),
    values: jsonb('values')
      .$type<
        Partial<
          Record<
            MeasuredElement,
            { value: number; sd: number | null; n: number; uncertainty: number; extrapolated: boolean }
          >
        >
      >()
      .notNull(),
    landed: boolean('landed').notNull(),
    notLanded: text('not_landed'),
    thirdLabEntryVersion: integer('third_lab_entry_version'),
    createdAt: createdAt(),
  },
  (t) => [
    index('measurement_result_sample').on(t.sampleEntryId, t.measurementRunId),
    index('measurement_result_run').on(t.measurementRunId, t.revision),
  ],
);
