import { HOAN_VU_LAB_ROLE } from '@/shared/permissions';
import { getFirstRole, takeRedirect } from '@/app/lib/session';

/** Where a user goes after signing in: the remembered path, else their role's home (spec 2, 7). */
export function landingPathAfterSignIn(): string {
  const firstRole = getFirstRole();
  const remembered = takeRedirect();
  if (firstRole === HOAN_VU_LAB_ROLE) return '/thirdlab-samples';
  if (remembered && remembered.startsWith('/') && !remembered.startsWith('/auth/')) return remembered;
  return '/dashboard';
}

export function isThirdLabUser(): boolean {
  return getFirstRole() === HOAN_VU_LAB_ROLE;
}
