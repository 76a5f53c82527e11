import { z } from '@hono/zod-openapi';
import { guidelinesSchema, guidelinesVersion } from '../../../shared/schemas/guidelines.ts';
import type { AppRouter } from '../../http/context.ts';
import { envelope, ok } from '../../http/responses.ts';
import { defineRoute } from '../../http/route.ts';
import { laboratoryOf } from '../../laboratory.ts';
import { findGuidelines, updateGuidelines } from '../../services/bookings/guidelines.ts';

// The Guidelines page: the laboratory's sample-submission guidelines, public
// because applicants read them before they book; administrators edit them from the settings.

const guidelinesRecordSchema = z
  .object({
    en: z.string().openapi({ description: 'Markdown' }),
    vi: z.string().openapi({ description: 'Markdown' }),
    version: z.number().int().openapi({ description: '0 while the built-in default text is shown' }),
    isDefault: z.boolean(),
    updatedAt: z.string().nullable(),
  })
  .openapi('SubmissionGuidelines');

const readRoute = defineRoute({
  method: 'get',
  path: '/api/guidelines',
  tags: ['Guidelines'],
  summary: "The laboratory's sample-submission guidelines in both languages (Markdown)",
  access: 'public',
  responses: {
    200: {
      description: 'The guidelines',
      content: { 'application/json': { schema: envelope(guidelinesRecordSchema) } },
    },
  },
});

// No spec permission names the guidelines: they are laboratory settings like the country list,
// so whoever may edit countries may edit them.
const updateRoute = defineRoute({
  method: 'put',
  path: '/api/guidelines',
  tags: ['Guidelines'],
  summary: 'Save the guidelines in both languages (`version` is the one last read; a stale write answers 409)',
  access: ['CanUpdateCountry'],
  request: {
    body: {
      content: { 'application/json': { schema: guidelinesSchema.extend({ version: guidelinesVersion }) } },
      required: true,
    },
  },
  responses: {
    200: { description: 'Saved', content: { 'application/json': { schema: envelope(guidelinesRecordSchema) } } },
  },
});

export function registerGuidelinesRoutes(app: AppRouter) {
  app.openapi(readRoute, async (c) => {
    c.header('cache-control', 'no-cache');
    return ok(c, await findGuidelines(c.var.db, laboratoryOf(c.var.deps.env)));
  });

  app.openapi(updateRoute, async (c) => {
    const record = await updateGuidelines(c.var.db, {
      input: c.req.valid('json'),
      by: c.var.auth,
      laboratory: laboratoryOf(c.var.deps.env),
    });
    return ok(c, record, 'Guidelines saved successfully');
  });
}
