import { z } from '@hono/zod-openapi';
import type { AppRouter } from '../http/context.ts';
import { envelope, ok } from '../http/responses.ts';
import { defineRoute } from '../http/route.ts';
import { listCountryChoices } from '../services/accounts/countries.ts';
import { listUserChoices } from '../services/accounts/users.ts';

const countryChoiceSchema = z
  .object({ id: z.number().int(), code: z.string(), name: z.string() })
  .openapi('CountryChoice');

const userChoiceSchema = z
  .object({ id: z.number().int(), username: z.string(), displayName: z.string() })
  .openapi('UserChoice');

const commonCountryRoute = defineRoute({
  method: 'get',
  path: '/api/common-country',
  tags: ['Lookups'],
  summary: 'Every country (public: the booking form uses it)',
  access: 'public',
  responses: {
    200: {
      description: 'Countries by name',
      content: { 'application/json': { schema: envelope(z.array(countryChoiceSchema)) } },
    },
  },
});

const commonUserRoute = defineRoute({
  method: 'get',
  path: '/api/common-user',
  tags: ['Lookups'],
  summary: 'Active staff, for "received by" and "sent by" pickers',
  access: 'signedIn',
  responses: {
    200: {
      description: 'Staff by name',
      content: { 'application/json': { schema: envelope(z.array(userChoiceSchema)) } },
    },
  },
});

export function registerLookupRoutes(app: AppRouter) {
  app.openapi(commonCountryRoute, async (c) => ok(c, await listCountryChoices(c.var.db)));
  app.openapi(commonUserRoute, async (c) => ok(c, await listUserChoices(c.var.db)));
}
