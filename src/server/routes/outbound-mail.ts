import { z } from '@hono/zod-openapi';
import { desc, sql } from 'drizzle-orm';
import type { createRouter } from '../app.ts';
import { outboundMail } from '../db/schema.ts';
import { envelope, listQuery, ok, pageOf } from '../http/responses.ts';
import { defineRoute } from '../http/route.ts';

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

export function registerOutboundMailRoutes(app: ReturnType<typeof createRouter>) {
  app.openapi(listMailRoute, async (c) => {
    const { limit, offset } = c.req.valid('query');
    const db = c.var.db;
    const rows = await db
      .select()
      .from(outboundMail)
      .orderBy(desc(outboundMail.createdAt), desc(outboundMail.id))
      .limit(limit)
      .offset(offset);
    const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(outboundMail);
    const items = rows.map((row) => ({
      id: row.id,
      to: row.to,
      subject: row.subject,
      // Never the secret itself: an administrator reading a reset link could take the account over.
      text: row.redactedText ?? row.text,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      error: row.error,
    }));
    return ok(c, { items, total, limit, offset });
  });
}
