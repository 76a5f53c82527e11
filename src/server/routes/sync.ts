import { z } from '@hono/zod-openapi';
import type { createRouter } from '../app.ts';
import { envelope, ok } from '../http/responses.ts';
import { defineRoute } from '../http/route.ts';

export const SYNC_BATCH_LIMIT = 100;

const mutationSchema = z.object({
  key: z.string().min(8).max(200).openapi({ description: 'Idempotency key of this mutation (the outbox id)' }),
  method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']),
  path: z
    .string()
    .regex(/^\/api\//, 'Path must start with /api/')
    .refine((p) => !p.startsWith('/api/sync') && !p.startsWith('/api/auth'), 'This path cannot be synced')
    .max(2000),
  body: z.unknown().optional(),
});

const syncRequestSchema = z.object({
  mutations: z.array(mutationSchema).min(1, 'At least one mutation').max(SYNC_BATCH_LIMIT),
});

const syncAnswerSchema = z
  .object({
    key: z.string(),
    status: z.number().int(),
    body: z.unknown(),
  })
  .openapi('SyncAnswer');

const syncRoute = defineRoute({
  method: 'post',
  path: '/api/sync',
  tags: ['Sync'],
  summary: 'Apply an offline outbox in order; each mutation is idempotent by its key',
  access: 'signedIn',
  request: { body: { content: { 'application/json': { schema: syncRequestSchema } }, required: true } },
  responses: {
    200: {
      description: "Each mutation's own status and answer, in order",
      content: { 'application/json': { schema: envelope(z.object({ results: z.array(syncAnswerSchema) })) } },
    },
  },
});

/**
 * Drains an outbox in one round trip. Each mutation goes through the whole app as its own request
 * (same guards, validation and Idempotency-Key handling), so a batch resent after a lost answer
 * changes nothing twice. A failed mutation does not stop the ones after it: each has its own answer.
 */
export function registerSyncRoutes(app: ReturnType<typeof createRouter>) {
  app.openapi(syncRoute, async (c) => {
    const { mutations } = c.req.valid('json');
    const origin = new URL(c.req.url).origin;
    const results: { key: string; status: number; body: unknown }[] = [];
    for (const mutation of mutations) {
      const headers = new Headers({
        authorization: c.req.header('authorization') ?? '',
        'idempotency-key': mutation.key,
        'x-request-id': `${c.var.requestId}:${mutation.key}`,
      });
      const hasBody = mutation.body !== undefined;
      if (hasBody) headers.set('content-type', 'application/json');
      const response = await app.fetch(
        new Request(origin + mutation.path, {
          method: mutation.method,
          headers,
          body: hasBody ? JSON.stringify(mutation.body) : undefined,
        }),
        c.env,
      );
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      results.push({ key: mutation.key, status: response.status, body });
      c.var.deps.metrics.countSyncMutation(
        response.status < 400 ? 'applied' : response.status === 409 ? 'conflicting' : 'refused',
      );
    }
    return ok(c, { results }, `${results.filter((r) => r.status < 400).length} of ${results.length} applied`);
  });
}
