import { z } from '@hono/zod-openapi';
import type { AppRouter } from '../../http/context.ts';
import { envelope, listQuery, ok, pageOf } from '../../http/responses.ts';
import { defineRoute } from '../../http/route.ts';
import { listOutboundMail } from '../../services/messaging/outbound-mail.ts';

const mailSchema = z
  .object({
    id: z.number().int(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
    error: z.string().nullable(),
  })
  .openapi('OutboundMail');

const listMailRoute = defineRoute({
  method: 'get',
  path: '/api/outbound-mail',
  tags: ['Outbound mail'],
  summary: 'Mail the server sent or keeps to send, newest first; reset links are shown redacted',
  access: ['CanResetPassowrd'],
  request: { query: z.object({ limit: listQuery.limit, offset: listQuery.offset }) },
  responses: {
    200: { description: 'A page of mail', content: { 'application/json': { schema: envelope(pageOf(mailSchema)) } } },
  },
});

export function registerOutboundMailRoutes(app: AppRouter) {
  app.openapi(listMailRoute, async (c) => {
    const { limit, offset } = c.req.valid('query');
    return ok(c, await listOutboundMail(c.var.db, { limit, offset }));
  });
}
