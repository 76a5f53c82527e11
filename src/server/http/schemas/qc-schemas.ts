import { z } from '@hono/zod-openapi';
import { measuredElements } from '../../../shared/measurement/measurement.ts';
import { nonconformityStatuses } from '../../../shared/measurement/qc.ts';
import { runVerdicts, westgardRules } from '../../../shared/measurement/qc-westgard.ts';

// What the quality-control operations answer (docs/quality-control.md).

const element = z.enum(measuredElements);
const rule = z.enum(westgardRules);

const qcCheckSchema = z.object({
  referenceMaterialId: z.number().int(),
  name: z.string(),
  element,
  status: z
    .enum(['judged', 'limitsNotEstablished'])
    .openapi({ description: 'limitsNotEstablished: fewer than 20 earlier results and no target set' }),
  limits: z.object({ mean: z.number(), sd: z.number(), source: z.enum(['established', 'target']) }).nullable(),
  earlierResults: z.number().int().openapi({ description: "The chart's results before this run" }),
  values: z.array(z.number()).openapi({ description: "This run's normalised results, in run order" }),
  z: z.array(z.number()).nullable().openapi({ description: 'Each as (x − mean) / SD' }),
  rules: z.array(rule),
});

export const runQcSchema = z
  .object({
    verdict: z.enum(runVerdicts),
    rules: z.array(rule).openapi({ description: 'The rejection rules broken' }),
    checks: z.array(qcCheckSchema),
    duplicates: z
      .array(
        z.object({
          sampleEntryId: z.number().int(),
          idflNumber: z.string(),
          element,
          range: z.number(),
          limit: z.number(),
        }),
      )
      .openapi({ description: "Samples whose duplicates differ by more than the element's limit (a warning)" }),
    nonconformity: z.object({ id: z.number().int(), status: z.enum(nonconformityStatuses) }).nullable(),
  })
  .openapi('RunQualityControl');

const nonconformityRuleSchema = z.object({ rule, referenceMaterialId: z.number().int(), name: z.string(), element });

export const nonconformitySchema = z
  .object({
    id: z.number().int(),
    measurementRunId: z.number().int().nullable().openapi({ description: 'The rejected run that opened it' }),
    runFileName: z.string().nullable(),
    runMeasuredOn: z.string().nullable().openapi({ format: 'date' }),
    proficiencyTest: z
      .object({
        id: z.number().int(),
        scheme: z.string(),
        round: z.string().nullable(),
        roundDate: z.string().openapi({ format: 'date' }),
        element,
        z: z.number(),
      })
      .nullable()
      .openapi({ description: 'The unsatisfactory proficiency round (|z| > 3) that opened it' }),
    importedBy: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'Who imported the run or entered the round: they may not release it' }),
    importedByName: z.string().nullable(),
    rules: z.array(nonconformityRuleSchema),
    status: z.enum(nonconformityStatuses),
    releasedBy: z.number().int().nullable(),
    releasedByName: z.string().nullable(),
    releasedAt: z.string().nullable().openapi({ format: 'date-time' }),
    justification: z.string().nullable(),
    version: z.number().int(),
    createdAt: z.string().openapi({ format: 'date-time' }),
    samples: z.array(
      z.object({
        sampleEntryId: z.number().int(),
        idflNumber: z.string(),
        status: z.string(),
        measurementRunId: z.number().int(),
      }),
    ),
  })
  .openapi('Nonconformity');

export const controlLimitSchema = z
  .object({
    id: z.number().int(),
    referenceMaterialId: z.number().int(),
    name: z.string(),
    element,
    mean: z.number(),
    sd: z.number(),
    setBy: z.number().int().nullable(),
    version: z.number().int(),
    updatedAt: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('QcControlLimit');

export const controlChartSummarySchema = z
  .object({
    referenceMaterialId: z.number().int(),
    name: z.string(),
    element,
    results: z.number().int().openapi({ description: 'How many results the chart holds' }),
    lastRunId: z.number().int(),
  })
  .openapi('ControlChartSummary');

export const controlChartSchema = z
  .object({
    referenceMaterialId: z.number().int(),
    name: z.string(),
    element,
    limits: z
      .object({ mean: z.number(), sd: z.number(), source: z.enum(['established', 'target']) })
      .nullable()
      .openapi({
        description: 'The limits in force; null: limits not yet established (fewer than 20 results, no target)',
      }),
    lines: z
      .object({
        mean: z.number(),
        plus2s: z.number(),
        minus2s: z.number(),
        plus3s: z.number(),
        minus3s: z.number(),
      })
      .nullable(),
    baselineResults: z
      .number()
      .int()
      .openapi({ description: 'Results of runs not rejected, up to the 20 a baseline needs' }),
    baselineNeeded: z.number().int(),
    points: z.array(
      z.object({
        measurementRunId: z.number().int(),
        runFileName: z.string(),
        runMeasuredOn: z.string().openapi({ format: 'date' }),
        position: z.number().int().openapi({ description: "The analysis's place in its run" }),
        value: z.number(),
        verdict: z.enum(runVerdicts),
        excluded: z
          .boolean()
          .openapi({ description: "The run was rejected: its results stay out of the chart's baseline and look-back" }),
        z: z.number().nullable(),
      }),
    ),
  })
  .openapi('ControlChart');
