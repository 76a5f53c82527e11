// The staff guard: a request's Bearer access token, checked and turned into the signed-in user
// (auth/auth-user.ts) with the permissions their role has now.
import { createMiddleware } from 'hono/factory';
import { hasAnyPermission, type Permission } from '../../shared/permissions.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { loadAuthUser } from '../auth/auth-user.ts';
import { readAccessToken } from '../auth/tokens.ts';
import type { AppEnv } from './context.ts';

export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim();
}

/** Requires a valid access token. Permissions are read fresh, so a role change applies at once. */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c.req.header('authorization'));
  if (!token) throw unauthorized('signInToContinue');
  const claims = await readAccessToken(c.var.deps.signingKey, token);
  if (!claims) throw unauthorized();
  const user = await loadAuthUser(c.var.db, claims.userId, claims.epoch);
  if (!user) throw unauthorized();
  c.set('auth', { ...user, sessionFamily: claims.familyId });
  await next();
});

export function authorize(permissions: readonly Permission[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!hasAnyPermission(c.var.auth.permissions, permissions)) throw forbidden();
    await next();
  });
}
