import { createFileRoute, redirect } from '@tanstack/react-router';
import { ProtectedArea } from '@/app/features/auth/protected-area';
import { isThirdLabUser } from '@/app/features/auth/landing';
import { AppLayout } from '@/app/layout/app-layout';

/** The staff area. The third lab's role has its own screen and layout (spec 2). */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ location }) => {
    if (isThirdLabUser() && location.pathname !== '/sync') throw redirect({ to: '/thirdlab-samples', replace: true });
  },
  component: () => (
    <ProtectedArea>
      <AppLayout />
    </ProtectedArea>
  ),
});
