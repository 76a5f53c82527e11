import { randomUUID } from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { serverMessage, type ServerMessageCode, type ServerMessageParams } from '../shared/server-messages.ts';
import { isDatabaseUnavailable } from './db/availability.ts';
import { isStatementCancelled } from './db/cancellation.ts';
import { createErrorReporter } from './error-reporting.ts';
import { AppError, databaseUnavailable, queryTimedOut, shuttingDown } from './errors.ts';
import type { AppEnv, AppInputs, Deps } from './http/context.ts';
import { securityHeaders } from './http/security-headers.ts';
import { installAuditChainKey, resolveAuditChainKey } from './services/custody/audit-chain-key.ts';
import { createBackground } from './services/background.ts';
import { createNotifier } from './services/messaging/notifier.ts';
import { createPushSender, unusedVapidKeys } from './services/messaging/web-push.ts';
import { registerDocsRoutes } from './routes/docs.ts';
import { registerRoutes } from './routes/index.ts';
import { createMetrics } from './metrics.ts';
import { compressResponses } from './compression.ts';
import { readStaticApp, registerStaticApp } from './static.ts';
import { API_VERSION } from './version.ts';
import { configurePdfRendering } from './services/pdf-render.ts';

const API_TITLE = 'Isotope Lab API';
/** Field messages keyed by dotted path, as the forms expect them. */
function fieldErrors(error: ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    errors[path] ??= issue.message;
  }
  return errors;
}

/** A failure answer: the catalogue's code and values, and the English message built from them. */
function failure(code: ServerMessageCode, params: ServerMessageParams = {}, extra: Record<string, unknown> = {}) {
  return { result: false as const, message: serverMessage(code, params), code, params, ...extra };
}

/** A validation failure names its first field; each field's own message is in `errors`. */
function invalid(errors: Record<string, string>) {
  const [path, detail = 'Invalid input.'] = Object.entries(errors)[0] ?? [];
  const answer =
    path && path !== '_' ? failure('invalidField', { field: path, detail }) : failure('invalidInput', { detail });
  return { ...answer, errors };
}

/** A router whose validation failures answer 400 with field messages, never a bare zod dump. */
function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        return c.json(invalid(fieldErrors(result.error)), 400);
      }
    },
  });
}

/**
 * The route template that answered ('/api/bookings/detail/:id', never the raw URL with its ids),
 * for metrics and reports. Only catch-all middleware matched: the built app's files, or nothing.
 */
function routeTemplate(c: Context<AppEnv>): string {
  const template = routePath(c as unknown as Context, -1);
  if (!['*', '/*', '/api/*'].includes(template)) return template;
  return c.res.status === 404 || c.req.path.startsWith('/api/') ? 'unmatched' : 'static';
}

export function createApp(inputs: AppInputs) {
  // Every audit record this process writes or checks is sealed with this key (audit-chain-key.ts).
  installAuditChainKey(inputs.auditChainKey ?? (() => resolveAuditChainKey(inputs.env)));
  const deps: Deps = {
    ...inputs,
    metrics: inputs.metrics ?? createMetrics(inputs.database),
    errorReporter: inputs.errorReporter ?? createErrorReporter(inputs.env, inputs.logger),
    traffic: inputs.traffic ?? { inFlight: 0, isStopping: false },
    background: inputs.background ?? createBackground(inputs.logger),
    // Without a notifier of its own (docs, benches), notifications reach open streams but no push service.
    notifier: inputs.notifier ?? createNotifier(createPushSender(unusedVapidKeys(), inputs.logger), inputs.logger),
  };
  configurePdfRendering({ seconds: deps.env.PDF_RENDER_SECONDS });
  const app = createRouter();

  app.use('*', async (c, next) => {
    const requestId = c.req.header('x-request-id') ?? randomUUID();
    c.set('requestId', requestId);
    c.set('deps', deps);
    c.set('db', deps.database.db);
    c.set('afterCommit', []);
    const started = performance.now();
    if (deps.traffic.isStopping) {
      // A stopping server takes no new work, even on a connection kept open from before: the
      // client (the outbox) sends it again, to this instance's successor or another one.
      const stopping = shuttingDown();
      c.header('connection', 'close');
      c.header('retry-after', '5');
      c.header('x-request-id', requestId);
      return c.json(failure(stopping.code, stopping.params), stopping.status);
    }
    deps.traffic.inFlight += 1;
    try {
      await next();
    } finally {
      deps.traffic.inFlight -= 1;
    }
    if (c.res.status < 400) for (const work of c.var.afterCommit) work();
    // Mail recorded by this request is sent now that its transaction has committed.
    if (deps.mailer.hasQueued) {
      deps.mailer.deliver(deps.database.db).catch((err: unknown) => deps.logger.warn({ err }, 'mail delivery failed'));
    }
    // So are the notifications a change wrote: to open streams and, queued, as Web Push.
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.res.status < 400) {
      void deps.notifier.wake(deps.database.db);
    }
    c.header('x-request-id', requestId);
    const elapsed = performance.now() - started;
    const route = routeTemplate(c);
    deps.metrics.observeRequest({ method: c.req.method, route, status: c.res.status }, elapsed / 1000);
    const ms = Math.round(elapsed * 10) / 10;
    deps.logger.info({ requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request');
  });

  // A client that disconnects takes its running statements with it (PostgreSQL; db/cancellation.ts).
  app.use('*', (c, next) => deps.database.cancelOnAbort(c.req.raw.signal, next));
  const staticApp = deps.env.STATIC_DIR ? readStaticApp(deps.env.STATIC_DIR) : undefined;
  app.use('*', securityHeaders(staticApp?.inlineScripts ?? []));
  app.use('*', ...compressResponses());

  // Body limits and Idempotency-Key handling run per operation, after its sign-in check (defineRoute).

  app.onError((error, c) => {
    if (error instanceof AppError) {
      const retryAfter = (error.data as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
      if (error.status === 429 && retryAfter) c.header('retry-after', String(retryAfter));
      return c.json(failure(error.code, error.params, { errors: error.errors, data: error.data }), error.status);
    }
    if (isStatementCancelled(error)) {
      // One slow statement, not an outage: the database stays marked available.
      const timedOut = queryTimedOut();
      return c.json(failure(timedOut.code, timedOut.params), timedOut.status);
    }
    if (isDatabaseUnavailable(error)) {
      // Told (logged and reported) once per outage by the availability watch, not once per request.
      deps.database.availability.markUnavailable(error);
      const unavailable = databaseUnavailable();
      return c.json(failure(unavailable.code, unavailable.params), unavailable.status);
    }
    if (error instanceof ZodError) return c.json(invalid(fieldErrors(error)), 400);
    if (error instanceof HTTPException) {
      const status = error.status as ContentfulStatusCode;
      return c.json(failure('invalidInput', { detail: error.message || 'Bad request.' }), status);
    }
    deps.logger.error({ err: error, requestId: c.var.requestId, path: c.req.path }, 'unhandled error');
    deps.errorReporter.report(error, {
      tags: { route: routeTemplate(c), method: c.req.method },
      extra: { requestId: c.var.requestId },
    });
    return c.json(failure('serverInternal'), 500);
  });

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'clientSession', {
    type: 'apiKey',
    in: 'cookie',
    name: 'isotope_client',
    description: 'A client session opened by a mailed sign-in link (POST /api/client/session)',
  });

  registerRoutes(app);
  let document: ReturnType<typeof openApiDocument> | undefined;
  registerDocsRoutes(app, () => (document ??= openApiDocument(app)));
  if (staticApp) registerStaticApp(app, staticApp);

  app.notFound((c) => c.json(failure('routeNotFound', { method: c.req.method, path: c.req.path }), 404));

  return app;
}

export type App = ReturnType<typeof createApp>;

export function openApiDocument(app: App) {
  return app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: API_TITLE,
      version: API_VERSION,
      description:
        'Sample- and order-management API of an isotope (origin) testing laboratory. ' +
        'Success answers are { result: true, message, data }; failures { result: false, message, errors? } ' +
        'with field messages keyed by dotted path. Every mutation accepts an Idempotency-Key header.',
    },
  });
}
