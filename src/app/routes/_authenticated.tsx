import { createFileRoute, redirect } from '@tanstack/react-router';
import { ProtectedArea } from '@/app/features/auth/protected-area';
import { AppLayout } from '@/app/layout/app-layout';
import { getFirstRole } from '@/app/lib/session';

/** The staff area. The third lab's role has its own screen and layout (spec 2). */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ location }) => {
    if (getFirstRole() === null) return; // no one signed in: ProtectedArea sends a guest to sign in
    // Loaded here, not with the app's entry: the sign-in page does not need the menu behind it.
    const { isThirdLabUser } = await import('@/app/features/auth/landing');
    if (isThirdLabUser() && location.pathname !== '/sync') throw redirect({ to: '/thirdlab-samples', replace: true });
  },
  component: () => (
    <ProtectedArea>
      <AppLayout />
    </ProtectedArea>
  ),
});
