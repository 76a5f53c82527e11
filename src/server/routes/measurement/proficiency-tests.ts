import { z } from '@hono/zod-openapi';
import { measuredElements } from '../../../shared/measurement/measurement.ts';
import {
  proficiencyOutcomes,
  proficiencyTestInputSchema,
} from '../../../shared/measurement/measurement-uncertainty.ts';
import { nonconformityStatuses } from '../../../shared/measurement/qc.ts';
import { labToday } from '../../lab-time.ts';
import type { AppRouter } from '../../http/context.ts';
import { envelope, listQuery, ok, pageOf } from '../../http/responses.ts';
import { defineRoute } from '../../http/route.ts';
import { contentDisposition } from '../../services/files.ts';
import {
  createProficiencyTest,
  listProficiencyTests,
  proficiencyTestsCsv,
} from '../../services/measurement/proficiency-tests.ts';
import { requestLanguage } from '../../services/reports/report-words.ts';

// Proficiency tests (docs/quality-control.md): the supervisor records each round's result; z and its
// class are the server's. Read by the staff who see the measurement runs.

const readers = [
  'CanViewMeasurementRun',
  'CanImportMeasurementRun',
  'CanRecomputeMeasurementRun',
  'CanManageReferenceMaterial',
] as const;
// The supervisor (and the administrator) keep the laboratory's reference values: they record its rounds too.
const writers = ['CanManageReferenceMaterial'] as const;

const proficiencyTestSchema = z
  .object({
    id: z.number().int(),
    scheme: z.string(),
    round: z.string().nullable(),
    roundDate: z.string(),
    material: z.string(),
    element: z.enum(measuredElements),
    assignedValue: z.number(),
    laboratoryValue: z.number(),
    sigma: z.number().openapi({ description: 'σp ‰' }),
    z: z.number().openapi({ description: '(laboratory − assigned) / σp, to two decimals' }),
    outcome: z.enum(proficiencyOutcomes),
    notes: z.string().nullable(),
    enteredByName: z.string().nullable(),
    nonconformity: z
      .object({ id: z.number().int(), status: z.enum(nonconformityStatuses) })
      .nullable()
      .openapi({ description: 'The non-conformity an unsatisfactory round (|z| > 3) opened' }),
    createdAt: z.string(),
  })
  .openapi('ProficiencyTest');

const elementQuery = z
  .enum(measuredElements, { error: 'Choose carbon, nitrogen, hydrogen, oxygen or sulfur' })
  .optional();

const listRoute = defineRoute({
  method: 'get',
  path: '/api/qc/proficiency-tests',
  tags: ['Quality control'],
  summary: 'Proficiency test results, newest round first, of one element or all',
  access: readers,
  request: { query: z.object({ limit: listQuery.limit, offset: listQuery.offset, element: elementQuery }) },
  responses: {
    200: {
      description: 'A page of results',
      content: { 'application/json': { schema: envelope(pageOf(proficiencyTestSchema)) } },
    },
  },
});

const createRoute = defineRoute({
  method: 'post',
  path: '/api/qc/proficiency-tests',
  tags: ['Quality control'],
  summary: "Record a round's result for one element; the server computes z and its class",
  access: writers,
  request: { body: { content: { 'application/json': { schema: proficiencyTestInputSchema } }, required: true } },
  responses: {
    201: { description: 'Recorded', content: { 'application/json': { schema: envelope(proficiencyTestSchema) } } },
  },
});

const csvRoute = defineRoute({
  method: 'get',
  path: '/api/qc/proficiency-tests/export',
  tags: ['Quality control'],
  summary: 'The history of proficiency test results as CSV, of one element or all',
  access: readers,
  request: {
    query: z.object({
      element: elementQuery,
      lang: z
        .enum(['en', 'vi'], { error: 'Language must be en or vi' })
        .optional()
        .openapi({ description: "The file's language; without it, Accept-Language decides (English by default)" }),
    }),
  },
  responses: {
    200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } },
  },
});

export function registerProficiencyTestRoutes(app: AppRouter) {
  app.openapi(listRoute, async (c) => ok(c, await listProficiencyTests(c.var.db, c.req.valid('query'))));

  app.openapi(createRoute, async (c) => {
    const record = await createProficiencyTest(c.var.db, { input: c.req.valid('json'), by: c.var.auth });
    return ok(c, record, `Round recorded: z = ${record.z.toFixed(2)} (${record.outcome}).`, 201);
  });

  app.openapi(csvRoute, async (c) => {
    const { element, lang } = c.req.valid('query');
    const timeZone = c.var.deps.env.LAB_TIME_ZONE;
    const language = requestLanguage(lang, c.req.header('accept-language'));
    const body = await proficiencyTestsCsv(c.var.db, { element, language, timeZone });
    const name = `proficiency-tests${element ? `-${element}` : ''}-${labToday(timeZone)}.csv`;
    return c.body(body, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': contentDisposition(name, 'attachment'),
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'content-language': language,
      vary: 'Accept-Language',
    });
  });
}
