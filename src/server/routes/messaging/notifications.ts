import { z } from '@hono/zod-openapi';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import type { AppRouter } from '../../http/context.ts';
import { envelope, ok, pageOf } from '../../http/responses.ts';
import { defineRoute } from '../../http/route.ts';
import {
  dismissAllNotifications,
  dismissNotification,
  isAddressedTo,
  latestNotificationId,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notificationsAfter,
  notifyUser,
  type NotificationView,
} from '../../services/messaging/notifications.ts';
import { dateParam } from '../../http/params.ts';
import { idParam } from '../../http/params.ts';

// The bell: the caller's notifications (their own and those addressed to a permission they hold),
// read and dismissed per user; a live stream of new ones; and the spec's ping calls.

const notificationSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int().nullable(),
    permission: z.string().nullable(),
    title: z.string(),
    message: z.string(),
    link: z.string().nullable().openapi({ description: "The record's page in the app" }),
    kind: z.string().nullable().openapi({ description: 'What happened, as a code the app translates' }),
    params: z.record(z.string(), z.union([z.string(), z.number()])),
    createdAt: z.string().openapi({ format: 'date-time' }),
    read: z.boolean(),
  })
  .openapi('Notification');

const toDto = (n: NotificationView) => ({ ...n, createdAt: n.createdAt.toISOString() });

const countAnswer = (description: string) => ({
  200: {
    description,
    content: { 'application/json': { schema: envelope(z.object({ count: z.number().int() })) } },
  },
});

const listRoute = defineRoute({
  method: 'get',
  path: '/api/notification',
  tags: ['Notifications'],
  summary: "The caller's notifications, newest first, with the number unread",
  access: 'signedIn',
  request: {
    query: z.object({
      since: dateParam(),
      unreadOnly: z
        .enum(['true', 'false'])
        .optional()
        .transform((v) => v === 'true'),
      limit: z.coerce.number().int().min(1).max(200).default(20),
      offset: z.coerce.number().int().min(0).default(0),
    }),
  },
  responses: {
    200: {
      description: 'A page of notifications; unread counts all of them, not only this page',
      content: {
        'application/json': {
          schema: envelope(pageOf(notificationSchema).extend({ unread: z.number().int() })),
        },
      },
    },
  },
});

const readRoute = defineRoute({
  method: 'put',
  path: '/api/notification/{id}/read',
  tags: ['Notifications'],
  summary: 'Mark one notification read (for the caller only)',
  access: 'signedIn',
  request: { params: idParam },
  responses: { ...countAnswer('Marked read'), 404: { description: 'No such notification for the caller' } },
});

const readAllRoute = defineRoute({
  method: 'put',
  path: '/api/notification/read-all',
  tags: ['Notifications'],
  summary: "Mark all the caller's notifications read",
  access: 'signedIn',
  responses: countAnswer('How many were marked read'),
});

const deleteRoute = defineRoute({
  method: 'delete',
  path: '/api/notification/{id}',
  tags: ['Notifications'],
  summary: "Remove one notification from the caller's bell",
  access: 'signedIn',
  request: { params: idParam },
  responses: { ...countAnswer('Removed'), 404: { description: 'No such notification for the caller' } },
});

const deleteAllRoute = defineRoute({
  method: 'delete',
  path: '/api/notification',
  tags: ['Notifications'],
  summary: "Clear the caller's bell",
  access: 'signedIn',
  responses: countAnswer('How many were removed'),
});

const streamRoute = defineRoute({
  method: 'get',
  path: '/api/notification/stream',
  tags: ['Notifications'],
  summary: 'Server-sent events: `ready` with the unread count, then one `notification` event per new one',
  description:
    'Send the bearer token in the Authorization header (read it with fetch; EventSource cannot send ' +
    'headers). Reconnect with Last-Event-ID to receive what was written meanwhile. The server ends the ' +
    'stream when the access token would have expired, so a reconnect carries a fresh token.',
  access: 'signedIn',
  request: {
    headers: z.object({
      'last-event-id': z.coerce.number().int().min(0).max(2_147_483_647).optional(),
    }),
  },
  responses: {
    200: { description: 'An event stream', content: { 'text/event-stream': { schema: z.string() } } },
  },
});

const pingAnswer = {
  200: {
    description: 'The notification created',
    content: { 'application/json': { schema: envelope(notificationSchema) } },
  },
};

const pingRoutes = (['get', 'post'] as const).map((method) =>
  defineRoute({
    method,
    path: '/api/notification/ping',
    tags: ['Notifications'],
    summary: 'Sends the caller a test notification (bell, stream and Web Push)',
    access: 'signedIn',
    responses: pingAnswer,
  }),
);

const pingMessageRoutes = (['get', 'post'] as const).map((method) =>
  defineRoute({
    method,
    path: '/api/notification/ping/{message}',
    tags: ['Notifications'],
    summary: 'Sends the caller a test notification with a message of their own',
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

// A comment line now and then keeps proxies and the browser from closing an idle stream.
const KEEP_ALIVE_MS = 25_000;

/** Waits until the time passes or the client goes away, whichever is first. */
function pause(stream: SSEStreamingApi, ms: number) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    stream.onAbort(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export function registerNotificationRoutes(app: AppRouter) {
  app.openapi(listRoute, async (c) => {
    const { since, unreadOnly, limit, offset } = c.req.valid('query');
    const page = await listNotifications(c.var.db, { reader: c.var.auth, since, unreadOnly, limit, offset });
    return ok(c, { ...page, items: page.items.map(toDto) });
  });

  app.openapi(readRoute, async (c) => {
    const count = await markNotificationRead(c.var.db, { reader: c.var.auth, id: c.req.valid('param').id });
    return ok(c, { count }, 'Notification marked read.');
  });

  app.openapi(readAllRoute, async (c) => {
    const count = await markAllNotificationsRead(c.var.db, c.var.auth);
    return ok(c, { count }, 'All notifications marked read.');
  });

  app.openapi(deleteRoute, async (c) => {
    const count = await dismissNotification(c.var.db, { reader: c.var.auth, id: c.req.valid('param').id });
    return ok(c, { count }, 'Notification removed.');
  });

  app.openapi(deleteAllRoute, async (c) => {
    const count = await dismissAllNotifications(c.var.db, c.var.auth);
    return ok(c, { count }, 'All notifications removed.');
  });

  app.openapi(streamRoute, (c) => {
    const { deps, auth: reader } = c.var;
    const db = deps.database.db;
    const resumeFrom = c.req.valid('header')['last-event-id'];
    const endsAt = Date.now() + deps.env.ACCESS_TOKEN_TTL_SECONDS * 1000;
    const response = streamSSE(c, async (stream) => {
      let unsubscribe = () => {};
      try {
        let lastId = 0;
        const send = async (items: NotificationView[]) => {
          for (const n of items) {
            if (stream.aborted || n.id <= lastId) continue;
            await stream.writeSSE({ event: 'notification', id: String(n.id), data: JSON.stringify(toDto(n)) });
            lastId = n.id;
          }
        };
        // Listening starts before the starting point is read, so nothing committed in between is
        // missed; new ones are sent one batch at a time, in order, however often the notifier calls.
        let sending = (async () => {
          lastId = resumeFrom ?? (await latestNotificationId(db, reader));
          const page = await listNotifications(db, { reader, limit: 1, offset: 0 });
          await stream.writeSSE({ event: 'ready', id: String(lastId), data: JSON.stringify({ unread: page.unread }) });
          // Reconnecting: what was written while away, as the database has it now.
          if (resumeFrom !== undefined) await send(await notificationsAfter(db, reader, lastId));
        })();
        unsubscribe = deps.notifier.subscribe((written) => {
          const mine = written.filter((n) => isAddressedTo(n, reader));
          if (mine.length === 0) return;
          sending = sending
            .then(() => send(mine))
            .catch((err: unknown) => deps.logger.warn({ err }, 'stream send failed'));
        });
        await sending;
        while (!stream.aborted && Date.now() < endsAt) {
          await pause(stream, Math.min(KEEP_ALIVE_MS, endsAt - Date.now()));
          if (!stream.aborted) await stream.write(': keep-alive\n\n');
        }
        await sending;
      } catch (err) {
        if (!stream.aborted) deps.logger.warn({ err }, 'notification stream ended');
      } finally {
        unsubscribe();
      }
    });
    // Proxies must pass events through at once rather than buffer them.
    response.headers.set('x-accel-buffering', 'no');
    return response as never;
  });

  for (const route of pingRoutes) {
    app.openapi(route, async (c) => {
      const created = await notifyUser(c.var.db, {
        userId: c.var.auth.id,
        kind: 'ping',
        params: { message: 'pong' },
        title: 'Ping',
        message: 'pong',
      });
      if (c.req.method === 'GET') void c.var.deps.notifier.wake(c.var.deps.database.db);
      return ok(c, toDto({ ...created, read: false }), 'pong');
    });
  }

  for (const route of pingMessageRoutes) {
    app.openapi(route, async (c) => {
      const { message } = c.req.valid('param');
      const created = await notifyUser(c.var.db, {
        userId: c.var.auth.id,
        kind: 'ping',
        params: { message },
        title: 'Ping',
        message,
      });
      if (c.req.method === 'GET') void c.var.deps.notifier.wake(c.var.deps.database.db);
      return ok(c, toDto({ ...created, read: false }), message);
    });
  }
}
