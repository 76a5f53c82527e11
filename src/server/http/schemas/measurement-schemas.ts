import { z } from '@hono/zod-openapi';
import { runQcSchema } from './qc-schemas.ts';
import { isotopeScales, measuredElements, referenceMaterialKinds } from '../../../shared/measurement/measurement.ts';

// What the reference-material and measurement-run operations answer (docs/measurement.md).

const date = () => z.string().openapi({ format: 'date-time' });
const day = () => z.string().openapi({ format: 'date', example: '2026-03-02' });
const element = z.enum(measuredElements);

export const referenceValueSchema = z
  .object({
    id: z.number().int(),
    referenceMaterialId: z.number().int(),
    element,
    value: z.number().openapi({ description: 'Assigned value, ‰ on the scale' }),
    uncertainty: z.number().nullable().openapi({ description: 'Its standard uncertainty, ‰, as the sheet gives it' }),
    scale: z.enum(isotopeScales),
    validFrom: day(),
    source: z.string().nullable(),
    createdBy: z.number().int().nullable(),
    createdAt: date(),
  })
  .openapi('ReferenceMaterialValue');

export const referenceMaterialSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    aliases: z.array(z.string()),
    material: z.string(),
    kind: z.enum(referenceMaterialKinds),
    notes: z.string().nullable(),
    values: z.array(referenceValueSchema).openapi({ description: 'Every version of every element, oldest first' }),
    currentValueIds: z
      .partialRecord(element, z.number().int())
      .openapi({ description: 'Per element, the id of the value version in force today' }),
    version: z.number().int(),
    createdAt: date(),
    updatedAt: date(),
  })
  .openapi('ReferenceMaterial');

export const valueImpactSchema = z
  .object({
    values: z.array(referenceValueSchema).openapi({ description: 'The earlier versions looked for' }),
    runs: z.array(
      z.object({
        id: z.number().int(),
        fileName: z.string(),
        measuredOn: day(),
        revision: z.number().int(),
        valueIds: z.array(z.number().int()),
        asAnchor: z.boolean().openapi({ description: 'An anchor of the run (else a check standard only)' }),
      }),
    ),
    samples: z.array(
      z.object({
        measurementRunId: z.number().int(),
        sampleEntryId: z.number().int(),
        idflNumber: z.string(),
        status: z.string(),
        landed: z.boolean(),
      }),
    ),
    certificates: z.array(
      z.object({
        id: z.number().int(),
        sampleEntryId: z.number().int(),
        version: z.number().int(),
        status: z.string(),
        issuedAt: date(),
      }),
    ),
  })
  .openapi('ReferenceValueImpact');

const pointSchema = z.object({
  analysis: z.number().int(),
  position: z.number(),
  measured: z.number().openapi({ description: 'Raw delta against the working gas, ‰' }),
  corrected: z.number().openapi({ description: 'After the drift correction (= measured when none)' }),
  normalised: z.number().openapi({ description: 'On the international scale, ‰' }),
});

const summaryValues = {
  value: z.number().openapi({ description: 'Mean of the normalised replicates, ‰' }),
  sd: z.number().nullable().openapi({ description: 'Standard deviation of the replicates; null with one' }),
  n: z.number().int(),
  uncertainty: z.number().openapi({ description: 'Expanded uncertainty (k = 2), ‰' }),
};

const calibrationSchema = z
  .object({
    element,
    scale: z.enum(isotopeScales),
    slope: z.number(),
    intercept: z.number().openapi({ description: 'normalised = slope × corrected + intercept' }),
    residualSd: z.number().nullable(),
    anchorRange: z.object({ min: z.number(), max: z.number() }),
    drift: z
      .object({
        slope: z.number().openapi({ description: '‰ per position' }),
        standardError: z.number(),
        t: z.number().nullable(),
        degreesOfFreedom: z.number().int(),
        pValue: z.number(),
        significant: z.boolean(),
        referencePosition: z.number(),
        points: z.number().int(),
      })
      .nullable()
      .openapi({ description: 'null when too few repeated anchors and checks to test' }),
    driftCorrected: z.boolean(),
    anchors: z.array(
      z.object({
        referenceMaterialId: z.number().int(),
        name: z.string(),
        valueId: z.number().int().openapi({ description: 'The value version used' }),
        assigned: z.number(),
        uncertainty: z.number().nullable(),
        validFrom: day(),
        meanMeasured: z.number(),
        points: z.array(pointSchema.extend({ residual: z.number() })),
      }),
    ),
    checks: z.array(
      z.object({
        referenceMaterialId: z.number().int(),
        name: z.string(),
        valueId: z.number().int().nullable(),
        assigned: z.number().nullable(),
        difference: z.number().nullable().openapi({ description: 'Normalised mean − assigned' }),
        ...summaryValues,
        points: z.array(pointSchema),
      }),
    ),
    samples: z.array(
      z.object({
        sampleEntryId: z.number().int(),
        idflNumber: z.string(),
        ...summaryValues,
        extrapolated: z.boolean().openapi({ description: "Outside the anchors' assigned range" }),
        points: z.array(pointSchema),
      }),
    ),
  })
  .openapi('RunCalibration');

const matchSchema = z
  .object({
    kind: z.enum(['sample', 'referenceMaterial', 'skipped', 'unmatched']),
    sampleEntryId: z.number().int().optional(),
    idflNumber: z.string().optional(),
    referenceMaterialId: z.number().int().optional(),
    name: z.string().optional(),
    assigned: z.boolean().optional().openapi({ description: 'Assigned by a person after the import' }),
  })
  .openapi('RunAnalysisMatch');

const runAnalysisSchema = z
  .object({
    analysis: z.number().int(),
    line: z.number().int().openapi({ description: "The file's line of its first row" }),
    position: z.number(),
    identifier: z.string(),
    tray: z.string().nullable(),
    amount: z.number().nullable(),
    raw: z.partialRecord(element, z.number()),
    match: matchSchema,
  })
  .openapi('RunAnalysis');

export const runSummarySchema = z
  .object({
    id: z.number().int(),
    fileName: z.string(),
    format: z.enum(['isodat', 'reduced']),
    packageId: z.number().int().nullable(),
    packageCode: z.string().nullable(),
    measuredOn: day(),
    revision: z.number().int(),
    elements: z.array(element),
    analysisCount: z.number().int(),
    sampleCount: z.number().int(),
    unmatchedCount: z.number().int(),
    importedBy: z.number().int().nullable(),
    importedByName: z.string().nullable(),
    version: z.number().int(),
    createdAt: date(),
    updatedAt: date(),
  })
  .openapi('MeasurementRunSummary');

const sampleValueSchema = z.object({ ...summaryValues, extrapolated: z.boolean() });

export const runDetailSchema = runSummarySchema
  .extend({
    method: z.object({
      anchors: z.partialRecord(element, z.array(z.number().int())),
      checks: z.array(z.number().int()).nullable(),
      anchorsGiven: z.boolean(),
      checksGiven: z.boolean(),
    }),
    calibrations: z.array(calibrationSchema),
    analyses: z.array(runAnalysisSchema),
    unmatched: z.array(runAnalysisSchema),
    results: z.array(
      z.object({
        sampleEntryId: z.number().int(),
        idflNumber: z.string(),
        status: z.string(),
        values: z.partialRecord(element, sampleValueSchema),
        landed: z.boolean().openapi({ description: "Written into the sample's third-lab result" }),
        notLanded: z
          .string()
          .nullable()
          .openapi({ description: 'Why not: a message code (runResultNotEditable, runResultUnchanged, …)' }),
        thirdLabEntryVersion: z.number().int().nullable(),
      }),
    ),
    qc: runQcSchema.nullable().openapi({
      description: 'Its quality-control verdict as judged at import (null: imported before judging began)',
    }),
  })
  .openapi('MeasurementRun');
