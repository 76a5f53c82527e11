import { z } from '@hono/zod-openapi';
import { countrySchema } from '../../../shared/schemas/countries.ts';
import { recordVersion } from '../../../shared/schemas/version.ts';
import type { AppRouter } from '../../http/context.ts';
import { envelope, listQuery, ok, pageOf, updatedSinceQuery } from '../../http/responses.ts';
import { defineRoute } from '../../http/route.ts';
import { createCountry, deleteCountry, listCountries, updateCountry } from '../../services/accounts/countries.ts';
import { idQuery } from '../../http/params.ts';

const countryRecordSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    protected: z.boolean(),
    userCount: z.number().int(),
    projectCount: z.number().int().openapi({ description: 'Sample entries whose country code is this one' }),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z.number().int(),
  })
  .openapi('Country');

const filterText = z.string().trim().max(200).optional();

const listCountriesRoute = defineRoute({
  method: 'get',
  path: '/api/country',
  tags: ['Countries'],
  summary: 'Countries with their user and project counts, filtered and paged',
  access: ['CanViewAllCountry'],
  request: { query: z.object({ ...listQuery, code: filterText, name: filterText, updatedSince: updatedSinceQuery }) },
  responses: {
    200: {
      description: 'A page of countries',
      content: { 'application/json': { schema: envelope(pageOf(countryRecordSchema)) } },
    },
  },
});

const createCountryRoute = defineRoute({
  method: 'post',
  path: '/api/country',
  offline: true,
  tags: ['Countries'],
  summary: 'Add a country',
  access: ['CanCreateCountry'],
  request: { body: { content: { 'application/json': { schema: countrySchema } }, required: true } },
  responses: {
    201: { description: 'Created', content: { 'application/json': { schema: envelope(countryRecordSchema) } } },
  },
});

const updateCountryRoute = defineRoute({
  method: 'put',
  path: '/api/country',
  offline: true,
  tags: ['Countries'],
  summary: 'Edit a country (`version` is the one last read; a stale write answers 409)',
  access: ['CanUpdateCountry'],
  request: {
    query: idQuery,
    body: {
      content: { 'application/json': { schema: countrySchema.extend({ version: recordVersion }) } },
      required: true,
    },
  },
  responses: {
    200: { description: 'Updated', content: { 'application/json': { schema: envelope(countryRecordSchema) } } },
    404: { description: 'No such country' },
  },
});

const deleteCountryRoute = defineRoute({
  method: 'delete',
  path: '/api/country',
  offline: true,
  tags: ['Countries'],
  summary: 'Delete a country that is not protected and not in use',
  access: ['CanDeleteCountry'],
  request: { query: idQuery },
  responses: {
    200: { description: 'Deleted', content: { 'application/json': { schema: envelope(countryRecordSchema) } } },
    404: { description: 'No such country' },
  },
});

export function registerCountryRoutes(app: AppRouter) {
  app.openapi(listCountriesRoute, async (c) => ok(c, await listCountries(c.var.db, c.req.valid('query'))));

  app.openapi(createCountryRoute, async (c) => {
    const record = await createCountry(c.var.db, { input: c.req.valid('json'), by: c.var.auth });
    return ok(c, record, 'Country created successfully', 201);
  });

  app.openapi(updateCountryRoute, async (c) => {
    const record = await updateCountry(c.var.db, {
      id: c.req.valid('query').id,
      input: c.req.valid('json'),
      by: c.var.auth,
    });
    return ok(c, record, 'Country updated successfully');
  });

  app.openapi(deleteCountryRoute, async (c) => {
    const record = await deleteCountry(c.var.db, { id: c.req.valid('query').id, by: c.var.auth });
    return ok(c, record, 'Country deleted successfully');
  });
}
