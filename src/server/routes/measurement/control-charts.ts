import { z } from '@hono/zod-openapi';
import { measuredElements } from '../../../shared/measurement/measurement.ts';
import { controlLimitInputSchema } from '../../../shared/measurement/qc.ts';
import type { AppRouter } from '../../http/context.ts';
import { controlChartSchema, controlChartSummarySchema, controlLimitSchema } from '../../http/schemas/qc-schemas.ts';
import { envelope, ok, recordId } from '../../http/responses.ts';
import { defineRoute } from '../../http/route.ts';
import { getControlChart, listControlCharts, setControlLimit } from '../../services/measurement/control-charts.ts';

// A check standard's control charts and the target limits a supervisor sets for them
// (docs/quality-control.md).

// The charts are read by whoever reviews non-conformities or the runs themselves (the third lab too).
const chartReaders = ['CanViewNonConformity', 'CanReleaseNonConformity', 'CanViewMeasurementRun'] as const;

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

export function registerControlChartRoutes(app: AppRouter) {
  app.openapi(chartListRoute, async (c) => ok(c, await listControlCharts(c.var.db)));

  app.openapi(chartRoute, async (c) => ok(c, await getControlChart(c.var.db, c.req.valid('query'))));

  app.openapi(setLimitsRoute, async (c) =>
    ok(c, await setControlLimit(c.var.db, { input: c.req.valid('json'), by: c.var.auth }), 'Control limits set.'),
  );
}
