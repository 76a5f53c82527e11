import { z } from '@hono/zod-openapi';
import { DEFAULT_WAITING_DAYS, defaultSummaryWindow } from '../../../shared/statistics.ts';
import type { AppRouter } from '../../http/context.ts';
import { badRequest } from '../../errors.ts';
import { envelope, ok } from '../../http/responses.ts';
import { defineRoute } from '../../http/route.ts';
import {
  analysisTrends,
  bookingMonthlyStatusChart,
  statisticSummary,
  turnaround,
  type Period,
} from '../../services/reports/statistics.ts';
import { dateParam, timeZoneQuery } from '../../http/params.ts';
import { DATE_ONLY, DAY_MS } from '../../../shared/dates.ts';
import { endOfLabDay, momentOfBound } from '../../lab-time.ts';

// Dashboard statistics (the path is spelt /api/statictis, as the product's contract has it).

const MAX_PERIOD_DAYS = 3_700;

const timeZoneParam = timeZoneQuery("The laboratory's time zone for day, week and month buckets");

const periodQuery = {
  fromDate: dateParam().openapi({ description: 'ISO date or date-time; the period starts there' }),
  toDate: dateParam().openapi({
    description: 'ISO date (that whole day included) or date-time (the period ends just before it)',
  }),
};

/** The period asked for, or the default; a date-only end includes that whole day. */
function readPeriod(
  query: { fromDate?: string; toDate?: string },
  fallback: () => { fromDate: string; toDate: string },
  timeZone: string,
): Period {
  const defaults = fallback();
  const fromText = query.fromDate ?? defaults.fromDate;
  const toText = query.toDate ?? defaults.toDate;
  // Date-only bounds are the laboratory's days.
  const from = momentOfBound(fromText, timeZone);
  const to = DATE_ONLY.test(toText) ? endOfLabDay(toText, timeZone) : new Date(toText);
  if (to.getTime() <= from.getTime()) {
    throw badRequest(
      'periodEndsBeforeStart',
      {},
      {
        toDate: 'The end of the period must come after its start',
      },
    );
  }
  if (to.getTime() - from.getTime() > MAX_PERIOD_DAYS * DAY_MS) {
    throw badRequest('periodTooLong', {}, { toDate: 'The period can span at most ten years' });
  }
  return { from, to };
}

const lastDays = (days: number) => () => {
  const now = Date.now();
  return { fromDate: new Date(now - days * DAY_MS).toISOString(), toDate: new Date(now).toISOString() };
};

const countsByKey = z.record(z.string(), z.number().int());

const attentionSampleSchema = z.object({
  id: z.number().int(),
  idflNumber: z.string(),
  status: z.string(),
  statusChangedAt: z.string().nullable(),
  bookingNumber: z.string().nullable(),
  rush: z.boolean(),
});

const hours = z.number().nullable().openapi({ description: 'Hours; null when no sample finished the stage' });

const summarySchema = z
  .object({
    fromDate: z.string(),
    toDate: z.string(),
    waitingDays: z.number().int(),
    bookings: z.object({ total: z.number().int(), byStatus: countsByKey, rush: z.number().int() }),
    samples: z.object({
      byStage: countsByKey.openapi({ description: 'Samples in each status now' }),
      open: z.number().int(),
      received: z.number().int().openapi({ description: 'Received in the period' }),
      completed: z.number().int().openapi({ description: 'Final result confirmed in the period' }),
      overdue: z.number().int().openapi({ description: 'Open samples in their stage for longer than waitingDays' }),
      rush: z.number().int().openapi({ description: 'Open samples of rush bookings' }),
      longWaiting: z.array(attentionSampleSchema),
      rushSamples: z.array(attentionSampleSchema),
    }),
    analyses: z.object({ total: z.number().int(), byClassify: countsByKey }),
    thirdLabTurnaround: z.object({ returned: z.number().int(), medianHours: hours, p90Hours: hours }),
  })
  .openapi('StatisticSummary');

const summaryRouteDef = defineRoute({
  method: 'get',
  path: '/api/statictis/statistic-summary',
  tags: ['Statistics'],
  summary:
    'Counts of a period (bookings, samples received and completed, analyses, third-lab turnaround) and of now (samples per stage, rush, waiting too long)',
  access: ['CanViewDashboard'],
  request: {
    query: z.object({
      ...periodQuery,
      waitingDays: z.coerce
        .number({ error: 'Waiting days must be a whole number' })
        .int('Waiting days must be a whole number')
        .min(1, 'Waiting days must be between 1 and 365')
        .max(365, 'Waiting days must be between 1 and 365')
        .default(DEFAULT_WAITING_DAYS),
    }),
  },
  responses: {
    200: { description: 'Summary', content: { 'application/json': { schema: envelope(summarySchema) } } },
  },
});

const chartRouteDef = defineRoute({
  method: 'get',
  path: '/api/statictis/booking-monthly-status-chart',
  tags: ['Statistics'],
  summary: 'Bookings per day of a month, or per month of a year when month is absent, by status',
  access: ['CanViewDashboard'],
  request: {
    query: z.object({
      year: z.coerce
        .number({ error: 'Year must be a whole number' })
        .int('Year must be a whole number')
        .min(2000, 'Year must be between 2000 and 2100')
        .max(2100, 'Year must be between 2000 and 2100'),
      month: z.coerce
        .number({ error: 'Month must be a whole number' })
        .int('Month must be a whole number')
        .min(1, 'Month must be between 1 and 12')
        .max(12, 'Month must be between 1 and 12')
        .optional(),
      timeZone: timeZoneParam,
    }),
  },
  responses: {
    200: {
      description: 'Chart series',
      content: {
        'application/json': {
          schema: envelope(
            z
              .object({
                year: z.number().int(),
                month: z.number().int().nullable(),
                timeZone: z.string(),
                bucket: z.enum(['day', 'month']),
                labels: z.array(z.string()),
                totals: z.array(z.number().int()),
                series: z.array(z.object({ status: z.string(), counts: z.array(z.number().int()) })),
              })
              .openapi('BookingMonthlyStatusChart'),
          ),
        },
      },
    },
  },
});

const turnaroundRouteDef = defineRoute({
  method: 'get',
  path: '/api/statictis/turnaround',
  tags: ['Statistics'],
  summary: 'Median and 90th percentile time of each stage and end to end, from the chain of custody (default: 30 days)',
  access: ['CanViewDashboard'],
  request: { query: z.object(periodQuery) },
  responses: {
    200: {
      description: 'Turnaround',
      content: {
        'application/json': {
          schema: envelope(
            z
              .object({
                fromDate: z.string(),
                toDate: z.string(),
                stages: z.array(
                  z.object({ stage: z.string(), samples: z.number().int(), medianHours: hours, p90Hours: hours }),
                ),
              })
              .openapi('Turnaround'),
          ),
        },
      },
    },
  },
});

const series = z.object({ counts: z.array(z.number().int()), total: z.number().int() });

const trendsRouteDef = defineRoute({
  method: 'get',
  path: '/api/statictis/analysis-trends',
  tags: ['Statistics'],
  summary: 'Analyses per week by classify status and by predicted origin (default: the last 12 weeks)',
  access: ['CanViewDashboard'],
  request: { query: z.object({ ...periodQuery, timeZone: timeZoneParam }) },
  responses: {
    200: {
      description: 'Analysis trends',
      content: {
        'application/json': {
          schema: envelope(
            z
              .object({
                fromDate: z.string(),
                toDate: z.string(),
                timeZone: z.string(),
                weeks: z.array(z.string()).openapi({ description: 'Mondays that start each week' }),
                byClassify: z.array(series.extend({ classify: z.string() })),
                byPrediction: z.array(series.extend({ origin: z.string().nullable() })),
              })
              .openapi('AnalysisTrends'),
          ),
        },
      },
    },
  },
});

export function registerStatisticsRoutes(app: AppRouter) {
  app.openapi(summaryRouteDef, async (c) => {
    const query = c.req.valid('query');
    const period = readPeriod(
      query,
      () => defaultSummaryWindow(c.var.deps.env.LAB_TIME_ZONE),
      c.var.deps.env.LAB_TIME_ZONE,
    );
    return ok(c, await statisticSummary(c.var.db, { period, waitingDays: query.waitingDays }));
  });

  app.openapi(chartRouteDef, async (c) =>
    ok(
      c,
      await bookingMonthlyStatusChart(c.var.db, {
        ...c.req.valid('query'),
        timeZone: c.req.valid('query').timeZone ?? c.var.deps.env.LAB_TIME_ZONE,
      }),
    ),
  );

  app.openapi(turnaroundRouteDef, async (c) => {
    const period = readPeriod(c.req.valid('query'), lastDays(30), c.var.deps.env.LAB_TIME_ZONE);
    return ok(c, await turnaround(c.var.db, { period }));
  });

  app.openapi(trendsRouteDef, async (c) => {
    const query = c.req.valid('query');
    const period = readPeriod(query, lastDays(12 * 7), c.var.deps.env.LAB_TIME_ZONE);
    return ok(c, await analysisTrends(c.var.db, { period, timeZone: query.timeZone ?? c.var.deps.env.LAB_TIME_ZONE }));
  });
}
