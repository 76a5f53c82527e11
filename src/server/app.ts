import { randomUUID } from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { AppError } from './errors.ts';
import type { AppEnv, Deps } from './http/context.ts';
import { securityHeaders } from './http/security-headers.ts';
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

function firstMessage(errors: Record<string, string>): string {
  const [path, message] = Object.entries(errors)[0] ?? [];
  return path && path !== '_' ? `${path}: ${message}` : (message ?? 'Invalid input.');
}

/** A router whose validation failures answer 400 with field messages, never a bare zod dump. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const errors = fieldErrors(result.error);
        return c.json({ result: false, message: firstMessage(errors), errors }, 400);
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
    // So are the notifications a change wrote: to open streams and, queued, as Web Push.
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.res.status < 400) {
      void deps.notifier.wake(deps.database.db);
    }
    c.header('x-request-id', requestId);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    deps.logger.info({ requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request');
  });

  app.use('*', securityHeaders);

  // Body limits and Idempotency-Key handling run per operation, after its sign-in check (defineRoute).

  app.onError((error, c) => {
    if (error instanceof AppError) {
      const retryAfter = (error.data as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
      if (error.status === 429 && retryAfter) c.header('retry-after', String(retryAfter));
      return c.json({ result: false, message: error.message, errors: error.errors, data: error.data }, error.status);
    }
    if (error instanceof ZodError) {
      const errors = fieldErrors(error);
      return c.json({ result: false, message: firstMessage(errors), errors }, 400);
    }
    if (error instanceof HTTPException) {
      const status = error.status as ContentfulStatusCode;
      return c.json({ result: false, message: error.message || 'Bad request.' }, status);
    }
    deps.logger.error({ err: error, requestId: c.var.requestId, path: c.req.path }, 'unhandled error');
    return c.json({ result: false, message: 'Server internal error!' }, 500);
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

  app.notFound((c) => c.json({ result: false, message: `No route for ${c.req.method} ${c.req.path}.` }, 404));

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
