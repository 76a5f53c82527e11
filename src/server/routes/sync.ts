import { z } from '@hono/zod-openapi';
import type { AppRouter } from '../http/context.ts';
import { badRequest } from '../errors.ts';
import { plainApiPath, SYNC_BATCH_LIMIT } from '../../shared/workflow/sync-rules.ts';
import { isOfflineOperation } from '../http/offline-operations.ts';
import { envelope, ok } from '../http/responses.ts';
import { defineRoute } from '../http/route.ts';
import { notifyUser } from '../services/messaging/notifications.ts';
import { whoMovedSample } from '../services/samples/sample-transitions.ts';

export { SYNC_BATCH_LIMIT };

const mutationSchema = z.object({
  key: z.string().min(8).max(200).openapi({ description: 'Idempotency key of this mutation (the outbox id)' }),
  method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']),
  path: z
    .string()
    .regex(/^\/api\//, 'Path must start with /api/')
    .max(2000),
  body: z.unknown().optional(),
});

const NOT_SYNCABLE = 'Only bench changes can be sent through the outbox';

// Each path is judged as the router will read it, and only the bench changes declared offline in
// their route may pass: no nested sync, no sign-in, no administration from inside a batch.
const syncRequestSchema = z.object({
  mutations: z
    .array(mutationSchema)
    .min(1, 'At least one mutation')
    .max(SYNC_BATCH_LIMIT, `At most ${SYNC_BATCH_LIMIT} mutations per batch`)
    .superRefine((mutations, ctx) => {
      mutations.forEach((mutation, i) => {
        const plain = plainApiPath(mutation.path);
        if (!plain || !isOfflineOperation(mutation.method, plain.pathname))
          ctx.addIssue({ code: 'custom', path: [i, 'path'], message: NOT_SYNCABLE });
      });
    }),
});

/** Marks the requests a batch runs, so that a sync can never run inside another one. */
const INSIDE_SYNC = Symbol('inside sync');

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
 * The server judged the change and said no (bad input, no permission, gone, conflict): it stays in
 * the outbox for a person to resolve, so its owner is told. A 401 or 429 is retried, a 5xx too.
 */
function alreadyDone(body: unknown) {
  const answer = body as {
    code?: unknown;
    params?: Record<string, unknown>;
    data?: { id?: unknown; status?: unknown };
  };
  if (answer?.code !== 'sampleAlreadyDone') return null;
  const { id, status } = answer.data ?? {};
  return typeof id === 'number' && typeof status === 'string' ? { id, status, params: answer.params ?? {} } : null;
}

const isRefusal = (status: number) => status >= 400 && status < 500 && status !== 401 && status !== 429;

/**
 * Drains an outbox in one round trip. Each mutation goes through the whole app as its own request
 * (same guards, validation and Idempotency-Key handling), so a batch resent after a lost answer
 * changes nothing twice. A failed mutation does not stop the ones after it: each has its own answer.
 */
export function registerSyncRoutes(app: AppRouter) {
  app.openapi(syncRoute, async (c) => {
    if ((c.env as Record<symbol, unknown> | undefined)?.[INSIDE_SYNC]) throw badRequest('notSyncable');
    const { mutations } = c.req.valid('json');
    const origin = new URL(c.req.url).origin;
    const innerEnv = { ...(c.env as object | undefined), [INSIDE_SYNC]: true };
    const results: { key: string; status: number; body: unknown }[] = [];
    for (const mutation of mutations) {
      const { pathname, search } = plainApiPath(mutation.path)!;
      const headers = new Headers({
        authorization: c.req.header('authorization') ?? '',
        'idempotency-key': mutation.key,
        'x-request-id': `${c.var.requestId}:${mutation.key}`,
      });
      const hasBody = mutation.body !== undefined;
      if (hasBody) headers.set('content-type', 'application/json');
      const response = await app.fetch(
        new Request(origin + pathname + search, {
          method: mutation.method,
          headers,
          body: hasBody ? JSON.stringify(mutation.body) : undefined,
        }),
        innerEnv,
      );
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      // A step another device made first: the device is told who made it and when, and lets its copy go.
      const already = alreadyDone(body);
      if (already) {
        const moved = await whoMovedSample(c.var.db, already.id, already.status);
        if (moved) (body as { params: Record<string, unknown> }).params = { ...already.params, ...moved };
      }
      results.push({ key: mutation.key, status: response.status, body });
      if (isRefusal(response.status) && !already) {
        const reason = (body as { message?: unknown } | null)?.message;
        await notifyUser(c.var.db, {
          userId: c.var.auth.id,
          kind: 'outboxRefused',
          params: { reason: typeof reason === 'string' ? reason : '' },
          title: 'Change refused',
          message: `A change waiting on this device was refused by the server${typeof reason === 'string' ? `: ${reason}` : '.'}`,
          link: '/sync',
        });
      }
      c.var.deps.metrics.countSyncMutation(
        response.status < 400 ? 'applied' : response.status === 409 ? 'conflicting' : 'refused',
      );
    }
    return ok(c, { results }, `${results.filter((r) => r.status < 400).length} of ${results.length} applied`);
  });
}
