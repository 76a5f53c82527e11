import { timingSafeEqual } from 'node:crypto';
import { z } from '@hono/zod-openapi';
import type { AppRouter } from '../http/context.ts';
import { bearerToken } from '../http/staff-guard.ts';
import { checkDatabaseReadiness } from '../db/readiness.ts';
import { envelope, errorBodySchema, ok } from '../http/responses.ts';
import { defineRoute } from '../http/route.ts';
import { labContactOf } from '../laboratory.ts';

// What load balancers, monitors and Prometheus ask, and what the app asks before it starts
// reporting its own errors. All of it is cheap: no sign-in, at most one small query.

const healthRoute = defineRoute({
  method: 'get',
  path: '/api/health',
  tags: ['Operations'],
  summary: 'Liveness: the process answers (no database work)',
  access: 'public',
  responses: {
    200: {
      description: 'Alive',
      content: { 'application/json': { schema: envelope(z.object({ status: z.literal('ok') })) } },
    },
  },
});

const readyRoute = defineRoute({
  method: 'get',
  path: '/api/health/ready',
  tags: ['Operations'],
  summary: 'Readiness: the database answers and its migrations are applied',
  access: 'public',
  responses: {
    200: {
      description: 'Ready to serve',
      content: {
        'application/json': { schema: envelope(z.object({ status: z.literal('ready'), migration: z.string() })) },
      },
    },
    503: {
      description: 'Not ready, with the reason',
      content: { 'application/json': { schema: errorBodySchema } },
    },
  },
});

const errorReportingSchema = z
  .object({ dsn: z.string(), environment: z.string(), release: z.string() })
  .nullable()
  .openapi('ErrorReportingSettings');

const labContactSchema = z.object({ email: z.string(), phone: z.string() }).openapi('LabContact', {
  description: 'Customer service, named on the order form (LAB_CONTACT_EMAIL, LAB_CONTACT_PHONE)',
});

const appConfigRoute = defineRoute({
  method: 'get',
  path: '/api/app-config',
  tags: ['Operations'],
  summary: "The app's run-time settings (one build serves every deployment)",
  access: 'public',
  responses: {
    200: {
      description: 'Where the app reports its errors (null: not at all) and whom clients contact',
      content: {
        'application/json': {
          schema: envelope(
            z.object({
              errorReporting: errorReportingSchema,
              labContact: labContactSchema,
              labTimeZone: z.string().openapi({
                description: "The laboratory's time zone (LAB_TIME_ZONE): the app shows every date and time in it",
                example: 'Asia/Ho_Chi_Minh',
              }),
            }),
          ),
        },
      },
    },
  },
});

function sameToken(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerOperationsRoutes(app: AppRouter) {
  app.openapi(healthRoute, (c) => {
    c.header('cache-control', 'no-store');
    return ok(c, { status: 'ok' as const });
  });

  app.openapi(readyRoute, async (c) => {
    c.header('cache-control', 'no-store');
    const readiness = await checkDatabaseReadiness(c.var.deps.database);
    if (!readiness.ready) {
      const code = c.var.deps.database.availability.isAvailable ? 'NOT_MIGRATED' : 'DATABASE_UNAVAILABLE';
      return c.json({ result: false as const, message: readiness.reason, code, params: {} }, 503);
    }
    return ok(c, { status: 'ready' as const, migration: readiness.migration }, 'Ready', 200);
  });

  app.openapi(appConfigRoute, (c) =>
    ok(c, {
      errorReporting: c.var.deps.errorReporter.settings,
      labContact: labContactOf(c.var.deps.env),
      labTimeZone: c.var.deps.env.LAB_TIME_ZONE,
    }),
  );

  // Prometheus' text format, outside the API document: the scraper is not a user and holds no
  // permission, only the METRICS_TOKEN it sends as a bearer token. Without the setting there is no
  // such page at all.
  app.get('/metrics', async (c) => {
    const { env, metrics } = c.var.deps;
    if (!env.METRICS_TOKEN) return c.json({ result: false, message: 'No route for GET /metrics.' }, 404);
    if (!sameToken(bearerToken(c.req.header('authorization')), env.METRICS_TOKEN)) {
      c.header('www-authenticate', 'Bearer realm="metrics"');
      return c.json({ result: false, message: 'A valid metrics token is required.', code: 'UNAUTHORIZED' }, 401);
    }
    return c.body(await metrics.registry.metrics(), 200, { 'content-type': metrics.registry.contentType });
  });

  // The embedded database's snapshot, for `npm run backup` while this server holds the data
  // directory (db/running-server.ts). Not part of the API: only the token beside the data opens it.
  app.get('/api/operations/backup', async (c) => {
    const { backupToken, database } = c.var.deps;
    if (!backupToken || database.source.kind !== 'pglite') {
      return c.json({ result: false, message: 'No route for GET /api/operations/backup.' }, 404);
    }
    if (!sameToken(bearerToken(c.req.header('authorization')), backupToken)) {
      return c.json({ result: false, message: 'A valid backup token is required.', code: 'UNAUTHORIZED' }, 401);
    }
    const snapshot = await database.source.client.dumpDataDir('gzip');
    return c.body(new Uint8Array(await snapshot.arrayBuffer()), 200, {
      'content-type': 'application/gzip',
      'cache-control': 'no-store',
    });
  });
}
