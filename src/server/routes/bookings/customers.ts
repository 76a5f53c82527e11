import { z } from '@hono/zod-openapi';
import type { AppRouter } from '../../http/context.ts';
import { envelope, listQuery, ok, pageOf } from '../../http/responses.ts';
import { defineRoute } from '../../http/route.ts';
import { listCustomers } from '../../services/bookings/customers.ts';

const customerSchema = z
  .object({
    company: z.string().openapi({ description: "The company's name as written in its latest booking" }),
    contactPerson: z.string(),
    email: z.string(),
    telephone: z.string(),
    cityStateCountry: z.string(),
    bookingCount: z.number().int(),
    lastBookingAt: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('Customer');

const listRoute = defineRoute({
  method: 'get',
  path: '/api/customers',
  tags: ['Customers'],
  summary: 'Customers: the companies that have booked, with their latest contact details',
  access: ['CanViewAllbooking'],
  request: {
    query: z.object({
      ...listQuery,
      search: listQuery.search.openapi({ description: 'Company, contact person, e-mail or telephone of any booking' }),
      orderBy: listQuery.orderBy.openapi({
        description:
          'field[:asc|desc] with field one of company, bookingCount, lastBookingAt (default lastBookingAt:desc)',
      }),
    }),
  },
  responses: {
    200: { description: 'Customers', content: { 'application/json': { schema: envelope(pageOf(customerSchema)) } } },
  },
});

export function registerCustomerRoutes(app: AppRouter) {
  app.openapi(listRoute, async (c) => ok(c, await listCustomers(c.var.db, c.req.valid('query'))));
}
