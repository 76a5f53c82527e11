import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { isThirdLabUser } from '@/app/features/auth/landing';
import { hasStoredUser } from '@/app/lib/session';

/** Guest-only screens: a signed-in user goes to the dashboard (the third lab to its own list). */
export const Route = createFileRoute('/_guest')({
  beforeLoad: () => {
    if (hasStoredUser()) throw redirect({ to: isThirdLabUser() ? '/thirdlab-samples' : '/dashboard', replace: true });
  },
  component: Outlet,
});
