import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { hasAnyPermission, type Permission } from '../../shared/permissions.ts';
import type { Executor } from '../db/client.ts';
import { appUser, role } from '../db/schema.ts';
import { forbidden, unauthorized } from '../errors.ts';
import type { AppEnv, AuthUser } from '../http/context.ts';
import { readAccessToken } from './tokens.ts';

export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(.+)$/i);
  return match?.[1]?.trim();
}

/**
 * The user and their current permissions; undefined for unknown or deactivated accounts, and for a
 * token from before the user's last password change or reset (an older session epoch).
 */
export async function loadAuthUser(db: Executor, userId: number, epoch?: number): Promise<AuthUser | undefined> {
  const [row] = await db
    .select({
      id: appUser.id,
      username: appUser.username,
      displayName: appUser.displayName,
      email: appUser.email,
      active: appUser.active,
      roleName: role.name,
      roleActive: role.active,
      permissions: role.permissions,
      sessionEpoch: appUser.sessionEpoch,
    })
    .from(appUser)
    .innerJoin(role, eq(role.id, appUser.roleId))
    .where(eq(appUser.id, userId));
  if (!row || !row.active) return undefined;
  if (epoch !== undefined && epoch !== row.sessionEpoch) return undefined;
  const { active: _active, roleActive, sessionEpoch: _epoch, ...user } = row;
  // A deactivated role keeps its users signed in but grants nothing.
  return { ...user, permissions: roleActive ? row.permissions : [] };
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
