import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { homePath } from '@/app/features/auth/landing';
import { hasStoredUser } from '@/app/lib/session';

/** Guest-only screens: a signed-in user goes to the first screen they may open (the third lab to its own list). */
export const Route = createFileRoute('/_guest')({
  beforeLoad: () => {
    if (hasStoredUser()) throw redirect({ to: homePath(), replace: true });
  },
  component: Outlet,
});
