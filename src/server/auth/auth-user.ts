import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { appUser, role } from '../db/schema.ts';

/** The signed-in staff member, loaded fresh from the database on every request. */
export type AuthUser = {
  id: number;
  username: string;
  displayName: string;
  email: string;
  roleName: string;
  permissions: string[];
  /** The refresh-token family of the session the request came from. */
  sessionFamily?: string;
};

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
