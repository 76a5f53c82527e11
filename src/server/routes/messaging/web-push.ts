import { z } from '@hono/zod-openapi';
import type { AppRouter } from '../../http/context.ts';
import { badRequest, notFound } from '../../errors.ts';
import { envelope, ok } from '../../http/responses.ts';
import { defineRoute } from '../../http/route.ts';
import { deletePushSubscription, judgePushEndpoint, savePushSubscription } from '../../services/messaging/web-push.ts';
import { serverMessage } from '../../../shared/server-messages.ts';

// Web Push subscriptions: a browser the user switched notifications on in. The app asks for the
// server's VAPID public key, subscribes through the browser's push service, and hands the result here.

/** The field message on `endpoint` for each reason an endpoint is refused (the schema's own wording for https). */
const ENDPOINT_REFUSED = {
  pushEndpointNotHttps: 'Endpoint must be an https URL',
  pushEndpointNotPublic: serverMessage('pushEndpointNotPublic'),
} as const;

const base64url = (what: string, bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} must be URL-safe base64`)
    .refine((v) => Buffer.from(v, 'base64url').length === bytes, `${what} must be ${bytes} bytes`);

const subscriptionBody = z.object({
  endpoint: z
    .string()
    .trim()
    .max(2000)
    .url('Endpoint must be a URL')
    .refine(
      (value) => !URL.canParse(value) || /^https?:$/.test(new URL(value).protocol),
      ENDPOINT_REFUSED.pushEndpointNotHttps,
    ),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: base64url('keys.p256dh', 65).openapi({ description: "The browser's P-256 public key" }),
    auth: base64url('keys.auth', 16).openapi({ description: 'The 16-byte authentication secret' }),
  }),
});

const publicKeyRoute = defineRoute({
  method: 'get',
  path: '/api/push-subscription/public-key',
  tags: ['Notifications'],
  summary: "The server's VAPID public key (applicationServerKey for PushManager.subscribe)",
  access: 'signedIn',
  responses: {
    200: {
      description: 'URL-safe base64 of the uncompressed P-256 public key',
      content: { 'application/json': { schema: envelope(z.object({ publicKey: z.string() })) } },
    },
  },
});

const subscribeRoute = defineRoute({
  method: 'post',
  path: '/api/push-subscription',
  tags: ['Notifications'],
  summary: "Keeps this browser's push subscription for the caller (PushSubscription.toJSON())",
  access: 'signedIn',
  request: { body: { content: { 'application/json': { schema: subscriptionBody } }, required: true } },
  responses: {
    201: {
      description: 'Kept',
      content: {
        'application/json': {
          schema: envelope(z.object({ id: z.number().int(), endpoint: z.string(), createdAt: z.string() })),
        },
      },
    },
  },
});

const unsubscribeRoute = defineRoute({
  method: 'delete',
  path: '/api/push-subscription',
  tags: ['Notifications'],
  summary: "Forgets this browser's push subscription (the caller's own only)",
  access: 'signedIn',
  request: { query: z.object({ endpoint: z.string().trim().min(1).max(2000) }) },
  responses: {
    200: { description: 'Forgotten', content: { 'application/json': { schema: envelope(z.null()) } } },
    404: { description: 'The caller has no subscription with this endpoint' },
  },
});

export function registerPushSubscriptionRoutes(app: AppRouter) {
  app.openapi(publicKeyRoute, (c) => ok(c, { publicKey: c.var.deps.notifier.push.publicKey }));

  app.openapi(subscribeRoute, async (c) => {
    const { endpoint, keys } = c.req.valid('json');
    // Push services are on the internet and reached over https; plain http and loopback only where
    // the settings allow a test bench's. A name that does not resolve now is judged at each delivery.
    const judged = await judgePushEndpoint(endpoint, { testBench: c.var.deps.env.PUSH_ALLOW_HTTP_ENDPOINTS });
    if (judged.verdict === 'refused') throw badRequest(judged.code, {}, { endpoint: ENDPOINT_REFUSED[judged.code] });
    const saved = await savePushSubscription(c.var.db, { userId: c.var.auth.id, input: { endpoint, keys } });
    return ok(
      c,
      { id: saved.id, endpoint: saved.endpoint, createdAt: saved.createdAt.toISOString() },
      'Notifications are on for this browser.',
      201,
    );
  });

  app.openapi(unsubscribeRoute, async (c) => {
    const removed = await deletePushSubscription(c.var.db, {
      userId: c.var.auth.id,
      endpoint: c.req.valid('query').endpoint,
    });
    if (!removed) throw notFound('pushSubscriptionNotFound');
    return ok(c, null, 'Notifications are off for this browser.');
  });
}
