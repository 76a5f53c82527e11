import { z } from '@hono/zod-openapi';
import { getCookie, setCookie } from 'hono/cookie';
import { DEVICE_COOKIE_PREFIX, DEVICE_TTL_SECONDS } from '../../auth/devices.ts';
import { refreshSchema, signInSchema } from '../../../shared/schemas/auth.ts';
import { revokeRefreshToken, rotateRefreshToken } from '../../auth/tokens.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { AppRouter } from '../../http/context.ts';
import { envelope, ok } from '../../http/responses.ts';
import { defineRoute } from '../../http/route.ts';
import { issueSession, signIn } from '../../services/accounts/auth.ts';
import { profileSchema } from '../../http/schemas/profile-schema.ts';

const sessionSchema = z
  .object({
    accessToken: z.string(),
    refreshToken: z.string(),
    expiresIn: z.number().int().openapi({ description: 'Access token lifetime in seconds' }),
    roles: z.array(z.string()),
    user: profileSchema,
  })
  .openapi('Session');

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
    429: { description: 'Too many failures: wait data.retryAfterSeconds (a known device may still sign in)' },
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

export function registerAuthRoutes(app: AppRouter) {
  app.openapi(signInRoute, async (c) => {
    const { email, password } = c.req.valid('json');
    const { deps } = c.var;
    const { session, device } = await signIn(c.var.db, {
      env: deps.env,
      signingKey: deps.signingKey,
      input: {
        login: email,
        password,
        address: clientAddress(c),
        deviceTokens: (userId) => getCookie(c, `${DEVICE_COOKIE_PREFIX}${userId}`),
      },
    });
    setCookie(c, `${DEVICE_COOKIE_PREFIX}${device.userId}`, device.token, {
      httpOnly: true,
      sameSite: 'Strict',
      secure: new URL(c.req.url).protocol === 'https:' || (deps.env.PUBLIC_URL ?? '').startsWith('https:'),
      path: '/api/auth',
      maxAge: DEVICE_TTL_SECONDS,
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
    const session = await issueSession(c.var.db, {
      env: deps.env,
      signingKey: deps.signingKey,
      userId: rotated.userId,
      rotated: rotated.refresh,
      issuedAt: rotated.issuedAt,
    });
    return ok(c, session, 'Session refreshed');
  });

  app.openapi(logoutRoute, async (c) => {
    await revokeRefreshToken(c.var.db, c.req.valid('json').refreshToken);
    return ok(c, true, 'Signed out');
  });
}
