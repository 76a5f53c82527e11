import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { hasStoredUser } from '@/app/lib/session/session';

/** Guest-only screens: a signed-in user goes to the first screen they may open (the third lab to its own list). */
export const Route = createFileRoute('/_guest')({
  beforeLoad: async () => {
    if (!hasStoredUser()) return;
    // The menu and its icons decide where; a guest's sign-in page does not load them.
    const { homePath } = await import('@/app/features/auth/landing');
    throw redirect({ to: homePath(), replace: true });
  },
  component: Outlet,
});
