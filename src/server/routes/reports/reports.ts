import { labToday } from '../../lab-time.ts';
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv, AppRouter } from '../../http/context.ts';
import { datesInOrder, envelope, ok } from '../../http/responses.ts';
import { defineRoute } from '../../http/route.ts';
import { contentDisposition } from '../../services/files.ts';
import { reportCsv } from '../../services/reports/report-csv.ts';
import type { ReportFilters, ReportKind } from '../../services/reports/report-rows.ts';
import { reportXlsx } from '../../services/reports/report-xlsx.ts';
import { reportPreview } from '../../services/reports/reports.ts';
import { dateParam, listParam, readList } from '../../http/params.ts';
import { requestLanguage } from '../../services/reports/report-words.ts';

// Sample-entry reports by source and by status: downloadable files, and JSON for
// the screens' preview.

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const baseFilters = {
  receivedByUser: z.string().trim().max(200).optional(),
  receivedFromDate: dateParam(),
  receivedToDate: dateParam().openapi({ description: 'A date-only value includes that whole day' }),
  format: z
    .enum(['xlsx', 'csv', 'json'], { error: 'Format must be xlsx, csv or json' })
    .default('xlsx')
    .openapi({ description: 'xlsx (default) or csv: a file to download; json: figures and first rows to preview' }),
  lang: z
    .enum(['en', 'vi'], { error: 'Language must be en or vi' })
    .optional()
    .openapi({ description: "The file's language; without it, Accept-Language decides (English by default)" }),
};

const receivedInOrder = datesInOrder<{ receivedFromDate?: string; receivedToDate?: string }>([
  ['receivedFromDate', 'receivedToDate'],
]);

const groupSchema = z.object({
  key: z.string().nullable(),
  samples: z.number().int(),
  initialWeight: z.number(),
  sentWeight: z.number(),
  byStatus: z
    .array(z.object({ status: z.string(), samples: z.number().int() }))
    .optional()
    .openapi({ description: 'By source: the samples of this source per status, in workflow order' }),
  medianDays: z.number().nullable().optional().openapi({
    description:
      'By status: the median days the samples now in this status have been in it (since their latest entry into it)',
  }),
});

const previewSchema = z
  .object({
    groups: z.array(groupSchema),
    total: groupSchema.omit({ key: true, byStatus: true, medianDays: true }),
    rows: z.array(
      z.object({
        id: z.number().int(),
        idflNumber: z.string(),
        sampleCode: z.string().nullable(),
        sampleType: z.string().nullable(),
        source: z.string().nullable(),
        status: z.string(),
        countryCode: z.string().nullable(),
        receivedDate: z.string().nullable(),
        receivedBy: z.string().nullable(),
        bookingNumber: z.string().nullable(),
        rushService: z.boolean().openapi({ description: "The sample's booking asked for rush service" }),
        initialWeight: z.number().nullable(),
        sentWeight: z.number().nullable(),
        remainingWeight: z.number().nullable(),
      }),
    ),
  })
  .openapi('SampleReportPreview');

const reportAnswer = {
  200: {
    description: 'The report: an attachment (xlsx or csv), or the preview (json)',
    content: {
      [XLSX_TYPE]: { schema: z.string().openapi({ format: 'binary' }) },
      'text/csv': { schema: z.string() },
      'application/json': { schema: envelope(previewSchema) },
    },
  },
};

const sourceRouteDef = defineRoute({
  method: 'get',
  path: '/api/report/sample-entry-source',
  tags: ['Reports'],
  summary: 'Sample entries by source, filtered by who received them, when, and sources',
  access: ['CanViewSampleEntryBySourceReport'],
  request: { query: z.object({ ...baseFilters, sources: listParam() }).superRefine(receivedInOrder) },
  responses: reportAnswer,
});

const statusRouteDef = defineRoute({
  method: 'get',
  path: '/api/report/sample-by-status',
  tags: ['Reports'],
  summary: 'Sample entries by status, filtered by who received them, when, and statuses',
  access: ['CanViewSampleEntryByStatusReport'],
  request: { query: z.object({ ...baseFilters, status: listParam() }).superRefine(receivedInOrder) },
  responses: reportAnswer,
});

const fileNames: Record<ReportKind, string> = {
  source: 'sample-entries-by-source',
  status: 'sample-entries-by-status',
};

async function answerReport(
  c: Context<AppEnv>,
  kind: ReportKind,
  format: 'xlsx' | 'csv' | 'json',
  lang: 'en' | 'vi' | undefined,
  filters: ReportFilters,
) {
  if (format === 'json') return ok(c, await reportPreview(c.var.db, kind, filters));
  // Named by the laboratory's day it was made on.
  const name = `${fileNames[kind]}-${labToday(filters.timeZone)}.${format}`;
  const language = requestLanguage(lang, c.req.header('accept-language'));
  const body =
    format === 'xlsx' ? reportXlsx(c.var.db, kind, filters, language) : reportCsv(c.var.db, kind, filters, language);
  return c.body(body, 200, {
    'content-type': format === 'xlsx' ? XLSX_TYPE : 'text/csv; charset=utf-8',
    'content-disposition': contentDisposition(name, 'attachment'),
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
    'content-language': language,
    vary: 'Accept-Language',
  });
}

export function registerReportRoutes(app: AppRouter) {
  app.openapi(sourceRouteDef, async (c) => {
    const { format, lang, sources, ...filters } = c.req.valid('query');
    return answerReport(c, 'source', format, lang, {
      ...filters,
      sources: readList(sources),
      timeZone: c.var.deps.env.LAB_TIME_ZONE,
    });
  });

  app.openapi(statusRouteDef, async (c) => {
    const { format, lang, status, ...filters } = c.req.valid('query');
    return answerReport(c, 'status', format, lang, {
      ...filters,
      status: readList(status),
      timeZone: c.var.deps.env.LAB_TIME_ZONE,
    });
  });
}
