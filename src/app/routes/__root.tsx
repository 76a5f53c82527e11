import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { SessionExpiryListener } from '@/app/features/auth/session-expiry-listener';
import { NotFoundPage } from '@/app/shell/not-found-page';
import { Toasts } from '@/app/shell/toasts';
import { UpdatePrompt } from '@/app/features/pwa/update-prompt';
import { loadTextsFor } from '@/app/lib/words/i18n';
import type { RouterContext } from '@/app/router';

export const Route = createRootRouteWithContext<RouterContext>()({
  // A page shows once its texts are here: the public pages start with a few.
  beforeLoad: ({ location }) => loadTextsFor(location.pathname),
  component: RootComponent,
  notFoundComponent: NotFoundPage,
});

function RootComponent() {
  return (
    <>
      <Outlet />
      <Toasts />
      <UpdatePrompt />
      <SessionExpiryListener />
    </>
  );
}
