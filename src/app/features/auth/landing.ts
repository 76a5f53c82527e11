import { HOAN_VU_LAB_ROLE } from '@/shared/permissions';
import { firstAllowedPath } from '@/app/lib/session/menu';
import { getFirstRole, getPermissions, isThirdLabUser, takeRedirect } from '@/app/lib/session/session';

/** Where a user goes after signing in: the remembered path, else the first screen they may open. */
export function landingPathAfterSignIn(): string {
  const firstRole = getFirstRole();
  const remembered = takeRedirect();
  if (firstRole === HOAN_VU_LAB_ROLE) return '/thirdlab-samples';
  if (remembered && remembered.startsWith('/') && !remembered.startsWith('/auth/')) return remembered;
  return firstAllowedPath(getPermissions());
}

/** Where a signed-in user is sent from a guest-only screen (the sign-in page). */
export function homePath(): string {
  return isThirdLabUser() ? '/thirdlab-samples' : firstAllowedPath(getPermissions());
}
