import { z } from '@hono/zod-openapi';
import {
  runAnchorsSchema,
  runChecksSchema,
  type MaterialRef,
  type RunAnchors,
} from '../../../shared/measurement/measurement.ts';
import { importLimits } from '../../../shared/schemas/clean-isotope.ts';
import type { AppRouter } from '../../http/context.ts';
import { badRequest } from '../../errors.ts';
import { runDetailSchema, runSummarySchema } from '../../http/schemas/measurement-schemas.ts';
import { idParam } from '../../http/params.ts';
import { envelope, listQuery, ok, pageOf, recordId } from '../../http/responses.ts';
import { defineRoute } from '../../http/route.ts';
import {
  assignRunAnalysis,
  importMeasurementRun,
  recomputeMeasurementRun,
} from '../../services/measurement/measurement-runs.ts';
import { getMeasurementRun, listMeasurementRuns } from '../../services/measurement/measurement-run-list.ts';

// Measurement runs: the third lab's instrument files, normalised to the international scales through
// reference materials, their values landing on the samples' third-lab results (docs/measurement.md).

const readers = ['CanViewMeasurementRun', 'CanImportMeasurementRun', 'CanRecomputeMeasurementRun'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const importForm = z.object({
  file: z
    .custom<File>((value) => value instanceof File, 'Choose the run file (CSV or XLSX)')
    .openapi({
      type: 'string',
      format: 'binary',
      description: `The instrument's export (Isodat, one row per peak) or a reduced file (one row per analysis), CSV or XLSX, at most ${importLimits.fileBytes / 1024 / 1024} MiB`,
    }),
  packageId: z.string().trim().max(12).optional().openapi({ description: 'The package (dispatch batch) measured' }),
  anchors: z.string().max(10_000).optional().openapi({
    description:
      'JSON object: element (carbon, nitrogen, hydrogen, oxygen, sulfur) → the reference materials anchoring it (names, aliases or ids). Absent: the method defaults',
    example: '{"carbon":["USGS40","USGS41a"],"nitrogen":["USGS40","USGS41a"]}',
  }),
  checks: z.string().max(10_000).optional().openapi({
    description:
      'JSON list of reference materials measured as unknowns to check the normalisation. Absent: every other reference material of the run',
    example: '["IAEA-600"]',
  }),
  measuredOn: z
    .string()
    .trim()
    .regex(DAY, 'Enter a date as YYYY-MM-DD')
    .optional()
    .openapi({ description: 'The day the run was measured (default: today)' }),
});

const importRoute = defineRoute({
  method: 'post',
  path: '/api/measurement-runs',
  tags: ['Measurement runs'],
  summary:
    "Import an instrument run: normalise each element through its anchors and write the samples' values into their third-lab results",
  access: ['CanImportMeasurementRun'],
  bodyLimit: importLimits.fileBytes + 64 * 1024,
  request: { body: { content: { 'multipart/form-data': { schema: importForm } }, required: true } },
  responses: {
    201: { description: 'The run as computed', content: { 'application/json': { schema: envelope(runDetailSchema) } } },
    413: { description: 'The file is too large' },
  },
});

const listRoute = defineRoute({
  method: 'get',
  path: '/api/measurement-runs',
  tags: ['Measurement runs'],
  summary: 'Measurement runs, newest first, by package and by day',
  access: readers,
  request: {
    query: z.object({
      limit: listQuery.limit,
      offset: listQuery.offset,
      packageId: recordId.optional(),
      day: z.string().trim().regex(DAY, 'Enter a date as YYYY-MM-DD').optional(),
    }),
  },
  responses: {
    200: {
      description: 'A page of runs',
      content: { 'application/json': { schema: envelope(pageOf(runSummarySchema)) } },
    },
  },
});

const detailRoute = defineRoute({
  method: 'get',
  path: '/api/measurement-runs/{id}',
  tags: ['Measurement runs'],
  summary:
    "A run with what its calibration chart needs: per element the anchors' points, fit, residuals, drift, checks and samples; its unmatched rows",
  access: readers,
  request: { params: idParam },
  responses: {
    200: { description: 'The run', content: { 'application/json': { schema: envelope(runDetailSchema) } } },
    404: { description: 'No such run' },
  },
});

const assignRoute = defineRoute({
  method: 'post',
  path: '/api/measurement-runs/{id}/assign',
  tags: ['Measurement runs'],
  summary: 'Assign an analysis of the run to a sample or a reference material; the run is recomputed',
  access: ['CanImportMeasurementRun'],
  request: {
    params: idParam,
    body: {
      content: {
        'application/json': {
          schema: z.object({
            analysis: z
              .number()
              .int()
              .min(1)
              .max(1_000_000)
              .openapi({ description: "The analysis's number in the run" }),
            sampleEntryId: recordId.optional(),
            referenceMaterialId: recordId.optional(),
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: { description: 'The run, recomputed', content: { 'application/json': { schema: envelope(runDetailSchema) } } },
    404: { description: 'No such run or analysis' },
  },
});

const recomputeRoute = defineRoute({
  method: 'post',
  path: '/api/measurement-runs/{id}/recompute',
  tags: ['Measurement runs'],
  summary:
    'Compute the run again on the reference values in force today: a new revision; open results get new versions, returned or certified ones are left for review',
  access: ['CanRecomputeMeasurementRun'],
  request: { params: idParam },
  responses: {
    200: { description: 'The run, recomputed', content: { 'application/json': { schema: envelope(runDetailSchema) } } },
    404: { description: 'No such run' },
  },
});

function parseJsonField<T>(text: string | undefined, field: string, schema: z.ZodType<T>): T | undefined {
  if (!text?.trim()) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest('runMethodNotJson', { field, detail: 'not JSON' }, { [field]: 'Not JSON' });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = [field, ...issue.path.map(String)].join('.');
    throw badRequest('runMethodNotJson', { field, detail: issue.message }, { [path]: issue.message });
  }
  return parsed.data;
}

export function registerMeasurementRunRoutes(app: AppRouter) {
  app.openapi(importRoute, async (c) => {
    const form = c.req.valid('form');
    const packageId = form.packageId ? recordId.safeParse(form.packageId) : undefined;
    if (packageId && !packageId.success)
      throw badRequest(
        'invalidField',
        { field: 'packageId', detail: 'Not a package id' },
        { packageId: 'Not a package id' },
      );
    const run = await importMeasurementRun(c.var.db, {
      file: form.file,
      dispatchBatchId: packageId?.data,
      anchors: parseJsonField<RunAnchors>(form.anchors, 'anchors', runAnchorsSchema),
      checks: parseJsonField<MaterialRef[]>(form.checks, 'checks', runChecksSchema),
      measuredOn: form.measuredOn,
      labTimeZone: c.var.deps.env.LAB_TIME_ZONE,
      by: c.var.auth,
    });
    return ok(c, run, `Run imported: ${run.sampleCount} sample(s), ${run.unmatchedCount} row(s) to assign.`, 201);
  });

  app.openapi(listRoute, async (c) => ok(c, await listMeasurementRuns(c.var.db, c.req.valid('query'))));

  app.openapi(detailRoute, async (c) => ok(c, await getMeasurementRun(c.var.db, c.req.valid('param').id)));

  app.openapi(assignRoute, async (c) => {
    const run = await assignRunAnalysis(c.var.db, {
      id: c.req.valid('param').id,
      ...c.req.valid('json'),
      by: c.var.auth,
      timeZone: c.var.deps.env.LAB_TIME_ZONE,
    });
    return ok(c, run, 'Row assigned; the run was recomputed.');
  });

  app.openapi(recomputeRoute, async (c) => {
    const run = await recomputeMeasurementRun(c.var.db, {
      id: c.req.valid('param').id,
      by: c.var.auth,
      timeZone: c.var.deps.env.LAB_TIME_ZONE,
    });
    return ok(c, run, `Run recomputed (revision ${run.revision}).`);
  });
}
