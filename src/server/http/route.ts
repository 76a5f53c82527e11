import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { type Permission } from '../../shared/permissions.ts';
import { authenticateClient } from './client-session.ts';
import { authenticate, authorize } from './staff-guard.ts';
import { MAX_JSON_BODY, MAX_PUBLIC_BODY, limitBody } from './body-limit.ts';
import type { AppEnv } from './context.ts';
import { idempotency } from './idempotency.ts';
import { limitJsonDepth } from './json-depth.ts';
import { rejectNulBytes } from './nul-bytes.ts';
import { checkTextInput } from './text-input.ts';
import { registerOfflineOperation } from './offline-operations.ts';
import { errorBodySchema } from './responses.ts';

/**
 * Who may call an operation: anyone, any signed-in user, holders of at least one permission, or a
 * client with a client session (http/client-session.ts), which no staff token opens.
 */
type Access = 'public' | 'signedIn' | 'client' | readonly Permission[];

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorBodySchema } },
});

const commonErrors = {
  400: errorResponse('Bad input, with field messages'),
  409: errorResponse('Conflict or illegal transition'),
  429: errorResponse('Too many requests'),
} as const;

const guardedErrors = {
  401: errorResponse('No token, or an expired one'),
  403: errorResponse('Missing permission'),
} as const;

type GuardedConfig<R extends RouteConfig> = R & {
  access: Access;
  /** The largest body this operation reads, in bytes; small by default for public and client operations. */
  bodyLimit?: number;
  /** A bench change the offline outbox may queue and send through /api/sync. */
  offline?: boolean;
};

/**
 * Declares an operation: the zod route, its security and permission list in the document
 * (x-permissions, read by the permission-matrix test), the guard that enforces them, and the
 * error responses every operation can give.
 *
 * The order of the middleware is the security boundary: the caller is signed in and allowed before
 * a byte of the body is read, the body is counted against this operation's limit as it streams, its
 * nesting is bounded before anything parses it, every text in it is bounded in length and checked
 * for well-formed Unicode, and only then is it checked for NUL characters, hashed by the
 * Idempotency-Key layer and validated.
 */
export function defineRoute<R extends RouteConfig>(config: GuardedConfig<R>) {
  const { access, bodyLimit, offline, ...route } = config;
  if (offline) registerOfflineOperation(route.method, route.path);
  const isPublic = access === 'public';
  const isClient = access === 'client';
  const permissions = Array.isArray(access) ? [...access] : [];
  const guard: MiddlewareHandler<AppEnv>[] = isPublic
    ? []
    : isClient
      ? [authenticateClient]
      : [authenticate, authorize(permissions)];
  // A client session is had for the asking (a sign-in link to any address with a booking), so client
  // operations get the anonymous limit: none of them takes more than a note.
  const limit = limitBody(bodyLimit ?? (isPublic || isClient ? MAX_PUBLIC_BODY : MAX_JSON_BODY));
  const existing = route.middleware ? (Array.isArray(route.middleware) ? route.middleware : [route.middleware]) : [];
  return createRoute({
    ...route,
    middleware: [
      ...guard,
      limit,
      limitJsonDepth,
      checkTextInput,
      rejectNulBytes,
      idempotency,
      ...existing,
    ] as R['middleware'],
    security: isPublic ? [] : isClient ? [{ clientSession: [] }] : [{ bearerAuth: [] }],
    'x-permissions': permissions,
    'x-access': isPublic ? 'public' : isClient ? 'client' : permissions.length ? 'permission' : 'signedIn',
    ...(offline ? { 'x-offline': true } : {}),
    responses: {
      ...commonErrors,
      ...(isPublic ? {} : guardedErrors),
      ...route.responses,
    },
  } as unknown as R);
}
