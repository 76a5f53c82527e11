import { z } from '@hono/zod-openapi';
import type { createRouter } from '../app.ts';
import { envelope, ok } from '../http/responses.ts';
import { defineRoute } from '../http/route.ts';
import { listNotifications, notifyUser, sampleTimeline, verifyCustodyChain } from '../services/custody.ts';
import { findSample } from '../services/sample-entries.ts';
import { assertSampleVisible } from '../services/sample-visibility.ts';
import { dateParam, idParam, timelineEventSchema } from './cs-lab.ts';

// Chain of custody (a sample's timeline, the audit chain check) and the notifications of work arriving.

const date = () => z.string().openapi({ format: 'date-time' });

const notificationSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int().nullable(),
    permission: z.string().nullable(),
    title: z.string(),
    message: z.string(),
    link: z.string().nullable(),
    createdAt: date(),
  })
  .openapi('Notification');

const timelineRouteDef = defineRoute({
  method: 'get',
  path: '/api/sample-entries/{id}/timeline',
  tags: ['Chain of custody'],
  summary: 'The chain of custody of a sample: who, when, action, from, to, what changed, why',
  access: [
    'CanViewDetailSampleEntryCs',
    'CanViewDetailSampleEntryTester',
    'CanViewDetailSampleEntrySupervisor',
    'CanViewAllTransactionThirdLab',
  ],
  request: { params: idParam },
  responses: {
    200: {
      description: 'Timeline, oldest first',
      content: { 'application/json': { schema: envelope(z.array(timelineEventSchema)) } },
    },
  },
});

const verifyRouteDef = defineRoute({
  method: 'get',
  path: '/api/audit/verify',
  tags: ['Chain of custody'],
  summary: 'Walk the hash chain of the audit records; names the first record that does not hold',
  access: ['CanViewAllUser', 'CanConfirmFinalResult'],
  responses: {
    200: {
      description: 'Verdict',
      content: {
        'application/json': {
          schema: envelope(
            z.object({ valid: z.boolean(), checked: z.number().int(), brokenAt: z.number().int().optional() }),
          ),
        },
      },
    },
  },
});

const notificationsRouteDef = defineRoute({
  method: 'get',
  path: '/api/notification',
  tags: ['Notifications'],
  summary: 'Notifications for the signed-in user or any permission they hold, newest first',
  access: 'signedIn',
  request: {
    query: z.object({
      since: dateParam(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
      offset: z.coerce.number().int().min(0).default(0),
    }),
  },
  responses: {
    200: {
      description: 'Notifications',
      content: { 'application/json': { schema: envelope(z.array(notificationSchema)) } },
    },
  },
});

const pingAnswer = {
  200: {
    description: 'The notification created',
    content: { 'application/json': { schema: envelope(notificationSchema) } },
  },
};

const pingRoutes = (['get', 'post'] as const).flatMap((method) => [
  defineRoute({
    method,
    path: '/api/notification/ping',
    tags: ['Notifications'],
    summary: 'Health check of the notification path: creates a notification for the caller',
    access: 'signedIn',
    responses: pingAnswer,
  }),
]);

const pingMessageRoutes = (['get', 'post'] as const).map((method) =>
  defineRoute({
    method,
    path: '/api/notification/ping/{message}',
    tags: ['Notifications'],
    summary: 'Health check of the notification path with a message of your own',
    access: 'signedIn',
    request: {
      params: z.object({
        message: z
          .string()
          .trim()
          .min(1)
          .max(500)
          .openapi({ param: { name: 'message', in: 'path' } }),
      }),
    },
    responses: pingAnswer,
  }),
);

export function registerCustodyRoutes(app: ReturnType<typeof createRouter>) {
  app.openapi(timelineRouteDef, async (c) => {
    const { id } = c.req.valid('param');
    assertSampleVisible(c.var.auth.permissions, await findSample(c.var.db, id));
    return ok(c, await sampleTimeline(c.var.db, id));
  });

  app.openapi(verifyRouteDef, async (c) => {
    const verdict = await verifyCustodyChain(c.var.db);
    return ok(
      c,
      verdict,
      verdict.valid
        ? 'The chain of custody is intact.'
        : `The chain of custody is broken at record ${verdict.brokenAt}.`,
    );
  });

  app.openapi(notificationsRouteDef, async (c) => {
    const { since, limit, offset } = c.req.valid('query');
    const { id, permissions } = c.var.auth;
    return ok(c, await listNotifications(c.var.db, { userId: id, permissions, since, limit, offset }));
  });

  for (const route of pingRoutes) {
    app.openapi(route, async (c) =>
      ok(c, await notifyUser(c.var.db, { userId: c.var.auth.id, title: 'Ping', message: 'pong' }), 'pong'),
    );
  }

  for (const route of pingMessageRoutes) {
    app.openapi(route, async (c) => {
      const { message } = c.req.valid('param');
      return ok(c, await notifyUser(c.var.db, { userId: c.var.auth.id, title: 'Ping', message }), message);
    });
  }
}
