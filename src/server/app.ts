import { randomUUID } from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { serverMessage, type ServerMessageCode, type ServerMessageParams } from '../shared/server-messages.ts';
import { AppError } from './errors.ts';
import type { AppEnv, Deps } from './http/context.ts';
import { limitRequestBody } from './http/body-limit.ts';
import { idempotency } from './http/idempotency.ts';
import { registerDocsRoutes } from './routes/docs.ts';
import { registerRoutes } from './routes/index.ts';
import { registerStaticApp } from './static.ts';

export const API_TITLE = 'Isotope Lab API';
export const API_VERSION = '2.1.0';

/** Field messages keyed by dotted path, as the forms expect them. */
export function fieldErrors(error: ZodError): Record<string, string> {
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
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        return c.json(invalid(fieldErrors(result.error)), 400);
      }
    },
  });
}

export function createApp(deps: Deps) {
  const app = createRouter();

  app.use('*', async (c, next) => {
    const requestId = c.req.header('x-request-id') ?? randomUUID();
    c.set('requestId', requestId);
    c.set('deps', deps);
    c.set('db', deps.database.db);
    const started = performance.now();
    await next();
    // Mail recorded by this request is sent now that its transaction has committed.
    if (deps.mailer.hasQueued) {
      deps.mailer.deliver(deps.database.db).catch((err: unknown) => deps.logger.warn({ err }, 'mail delivery failed'));
    }
    c.header('x-request-id', requestId);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    deps.logger.info({ requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request');
  });

  app.use('/api/*', limitRequestBody);
  app.use('/api/*', idempotency);

  app.onError((error, c) => {
    if (error instanceof AppError) {
      return c.json(failure(error.code, error.params, { errors: error.errors, data: error.data }), error.status);
    }
    if (error instanceof ZodError) return c.json(invalid(fieldErrors(error)), 400);
    if (error instanceof HTTPException) {
      const status = error.status as ContentfulStatusCode;
      return c.json(failure('invalidInput', { detail: error.message || 'Bad request.' }), status);
    }
    deps.logger.error({ err: error, requestId: c.var.requestId, path: c.req.path }, 'unhandled error');
    return c.json(failure('serverInternal'), 500);
  });

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  });

  registerRoutes(app);
  let document: ReturnType<typeof openApiDocument> | undefined;
  registerDocsRoutes(app, () => (document ??= openApiDocument(app)));
  if (deps.env.STATIC_DIR) registerStaticApp(app, deps.env.STATIC_DIR);

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
