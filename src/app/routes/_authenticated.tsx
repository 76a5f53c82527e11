import { createFileRoute, redirect } from '@tanstack/react-router';
import { ProtectedArea } from '@/app/features/auth/protected-area';
import { AppLayout } from '@/app/shell/app-layout';
import { getFirstRole, isThirdLabUser } from '@/app/lib/session/session';

/** The staff area. The third lab's role has its own screen and layout. */
export const Route = createFileRoute('/_authenticated')({
  // Synchronous: the page's code and data need not wait for another chunk.
  beforeLoad: ({ location }) => {
    if (getFirstRole() === null) return; // no one signed in: ProtectedArea sends a guest to sign in
    if (isThirdLabUser() && location.pathname !== '/sync') throw redirect({ to: '/thirdlab-samples', replace: true });
  },
  component: () => (
    <ProtectedArea>
      <AppLayout />
    </ProtectedArea>
  ),
});
