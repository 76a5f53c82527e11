import { z } from '@hono/zod-openapi';
import { measuredElements } from '../../../shared/measurement/measurement.ts';
import {
  controlLimitInputSchema,
  nonconformityReleaseSchema,
  nonconformityStatuses,
} from '../../../shared/measurement/qc.ts';
import type { AppRouter } from '../../http/context.ts';
import { idParam } from '../../http/params.ts';
import {
  controlChartSchema,
  controlChartSummarySchema,
  controlLimitSchema,
  nonconformitySchema,
} from '../../http/schemas/qc-schemas.ts';
import { envelope, listQuery, ok, pageOf, recordId } from '../../http/responses.ts';
import { defineRoute } from '../../http/route.ts';
import { getControlChart, listControlCharts } from '../../services/measurement/control-charts.ts';
import {
  getNonconformity,
  listNonconformities,
  releaseNonconformity,
  setControlLimit,
} from '../../services/measurement/nonconformities.ts';

// Quality control of measurement runs: a check standard's target limits, and the non-conformities a
// rejected run opens, listed and released (docs/quality-control.md).

const readers = ['CanViewNonConformity', 'CanReleaseNonConformity'] as const;

// The charts are read by whoever reviews non-conformities or the runs themselves (the third lab too).
const chartReaders = [...readers, 'CanViewMeasurementRun'] as const;

const chartListRoute = defineRoute({
  method: 'get',
  path: '/api/qc/control-charts',
  tags: ['Quality control'],
  summary: 'The control charts that hold results: each check standard and element, by name',
  access: chartReaders,
  responses: {
    200: {
      description: 'The charts',
      content: { 'application/json': { schema: envelope(z.array(controlChartSummarySchema)) } },
    },
  },
});

const chartRoute = defineRoute({
  method: 'get',
  path: '/api/qc/control-charts/chart',
  tags: ['Quality control'],
  summary:
    "One check standard's control chart of one element: its results in run order with each run's verdict, and the limits in force with the mean ±2s/±3s lines",
  access: chartReaders,
  request: {
    query: z.object({
      referenceMaterialId: recordId.openapi({ description: 'The check standard (reference material id)' }),
      element: z.enum(measuredElements, { error: 'Choose carbon, nitrogen, hydrogen, oxygen or sulfur' }),
    }),
  },
  responses: {
    200: { description: 'The chart', content: { 'application/json': { schema: envelope(controlChartSchema) } } },
    404: { description: 'referenceMaterialNotFound: no such reference material' },
  },
});

const setLimitsRoute = defineRoute({
  method: 'put',
  path: '/api/qc/control-limits',
  tags: ['Quality control'],
  summary:
    "Set a check standard's target mean and SD for one element: its results are judged against them instead of its first 20",
  access: ['CanSetQcControlLimits'],
  request: { body: { content: { 'application/json': { schema: controlLimitInputSchema } }, required: true } },
  responses: {
    200: {
      description: 'The limits as set',
      content: { 'application/json': { schema: envelope(controlLimitSchema) } },
    },
  },
});

const listRoute = defineRoute({
  method: 'get',
  path: '/api/qc/nonconformities',
  tags: ['Quality control'],
  summary: 'Non-conformities opened by rejected runs, newest first',
  access: readers,
  request: {
    query: z.object({
      limit: listQuery.limit,
      offset: listQuery.offset,
      status: z.enum(nonconformityStatuses).optional(),
    }),
  },
  responses: {
    200: {
      description: 'A page of non-conformities',
      content: { 'application/json': { schema: envelope(pageOf(nonconformitySchema)) } },
    },
  },
});

const detailRoute = defineRoute({
  method: 'get',
  path: '/api/qc/nonconformities/{id}',
  tags: ['Quality control'],
  summary: 'A non-conformity: its run, the rules broken, the samples it holds, its release',
  access: readers,
  request: { params: idParam },
  responses: {
    200: { description: 'The record', content: { 'application/json': { schema: envelope(nonconformitySchema) } } },
    404: { description: 'No such non-conformity' },
  },
});

const releaseRoute = defineRoute({
  method: 'post',
  path: '/api/qc/nonconformities/{id}/release',
  tags: ['Quality control'],
  summary:
    "Release a non-conformity: a supervisor other than the run's importer, with a justification and their password; signed in every covered sample's custody log",
  access: ['CanReleaseNonConformity'],
  request: {
    params: idParam,
    body: { content: { 'application/json': { schema: nonconformityReleaseSchema } }, required: true },
  },
  responses: {
    200: { description: 'Released', content: { 'application/json': { schema: envelope(nonconformitySchema) } } },
    400: { description: 'qcReleasePasswordWrong: the password is not correct' },
    403: { description: 'qcReleaseByImporter: the run was imported by this supervisor' },
    404: { description: 'No such non-conformity' },
    409: { description: 'nonconformityReleased: already released' },
    429: { description: 'tooManyAttempts: too many wrong passwords from this account within the hour' },
  },
});

export function registerQcRoutes(app: AppRouter) {
  app.openapi(chartListRoute, async (c) => ok(c, await listControlCharts(c.var.db)));

  app.openapi(chartRoute, async (c) => ok(c, await getControlChart(c.var.db, c.req.valid('query'))));

  app.openapi(setLimitsRoute, async (c) =>
    ok(c, await setControlLimit(c.var.db, { input: c.req.valid('json'), by: c.var.auth }), 'Control limits set.'),
  );

  app.openapi(listRoute, async (c) => ok(c, await listNonconformities(c.var.db, c.req.valid('query'))));

  app.openapi(detailRoute, async (c) => ok(c, await getNonconformity(c.var.db, c.req.valid('param').id)));

  app.openapi(releaseRoute, async (c) => {
    const released = await releaseNonconformity(c.var.db, {
      id: c.req.valid('param').id,
      ...c.req.valid('json'),
      by: c.var.auth,
    });
    return ok(c, released, `Non-conformity ${released.id} released; its samples may proceed.`);
  });
}
