import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '@/app/features/auth/reset-password-page';

export const Route = createFileRoute('/auth/reset-password')({
  // A plain check, not zod: route options are in the first bundle, which the sign-in screen pays for.
  validateSearch: (search: Record<string, unknown>) => ({
    token: typeof search.token === 'string' ? search.token : '',
  }),
  component: function ResetPasswordRoute() {
    const { token } = Route.useSearch();
    return <ResetPasswordPage token={token} />;
  },
});
