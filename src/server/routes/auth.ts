import { z } from '@hono/zod-openapi';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { refreshSchema, signInSchema } from '../../shared/schemas/auth.ts';
import { revokeRefreshToken, rotateRefreshToken } from '../auth/tokens.ts';
import type { createRouter } from '../app.ts';
import type { AppEnv } from '../http/context.ts';
import { envelope, ok } from '../http/responses.ts';
import { defineRoute } from '../http/route.ts';
import { issueSession, signIn } from '../services/accounts.ts';
import { profileSchema } from './profile.ts';

export const sessionSchema = z
  .object({
    accessToken: z.string(),
    refreshToken: z.string(),
    expiresIn: z.number().int().openapi({ description: 'Access token lifetime in seconds' }),
    roles: z.array(z.string()),
    user: profileSchema,
  })
  .openapi('Session');

/** The caller's address: the proxy's X-Forwarded-For only when TRUST_PROXY says a proxy is in front. */
export function clientAddress(c: Context<AppEnv>): string {
  if (c.var.deps.env.TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

const signInRoute = defineRoute({
  method: 'post',
  path: '/api/auth',
  tags: ['Auth'],
  summary: 'Sign in with e-mail or username and password',
  access: 'public',
  request: { body: { content: { 'application/json': { schema: signInSchema } }, required: true } },
  responses: {
    200: { description: 'Signed in', content: { 'application/json': { schema: envelope(sessionSchema) } } },
    401: { description: 'Wrong credentials' },
  },
});

const refreshRoute = defineRoute({
  method: 'post',
  path: '/api/auth/refresh',
  tags: ['Auth'],
  summary: 'Trade a refresh token for a new session (the old token stops working)',
  access: 'public',
  request: { body: { content: { 'application/json': { schema: refreshSchema } }, required: true } },
  responses: {
    200: { description: 'New tokens', content: { 'application/json': { schema: envelope(sessionSchema) } } },
    401: { description: 'Unknown, expired, revoked or reused refresh token' },
  },
});

const logoutRoute = defineRoute({
  method: 'post',
  path: '/api/auth/logout',
  tags: ['Auth'],
  summary: 'Sign out: revokes the refresh token and its family',
  access: 'public',
  request: { body: { content: { 'application/json': { schema: refreshSchema } }, required: true } },
  responses: {
    200: { description: 'Signed out', content: { 'application/json': { schema: envelope(z.boolean()) } } },
  },
});

export function registerAuthRoutes(app: ReturnType<typeof createRouter>) {
  app.openapi(signInRoute, async (c) => {
    const { email, password } = c.req.valid('json');
    const { deps } = c.var;
    const session = await signIn(c.var.db, deps.env, deps.signingKey, {
      login: email,
      password,
      address: clientAddress(c),
    });
    return ok(c, session, 'Login successful');
  });

  app.openapi(refreshRoute, async (c) => {
    const { deps } = c.var;
    const rotated = await rotateRefreshToken(
      c.var.db,
      c.req.valid('json').refreshToken,
      deps.env.REFRESH_TOKEN_TTL_DAYS,
      deps.signingKey,
    );
    const session = await issueSession(
      c.var.db,
      deps.env,
      deps.signingKey,
      rotated.userId,
      rotated.refreshToken,
      rotated.issuedAt,
    );
    return ok(c, session, 'Session refreshed');
  });

  app.openapi(logoutRoute, async (c) => {
    await revokeRefreshToken(c.var.db, c.req.valid('json').refreshToken);
    return ok(c, true, 'Signed out');
  });
}
