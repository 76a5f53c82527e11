import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';
import { SessionExpiryListener } from '@/app/features/auth/session-expiry-listener';
import { NotFoundPage } from '@/app/layout/not-found-page';
import { UpdatePrompt } from '@/app/features/pwa/update-prompt';
import { loadTextsFor } from '@/app/lib/i18n';
import type { RouterContext } from '@/app/router';

export const Route = createRootRouteWithContext<RouterContext>()({
  // A page shows once its texts are here: the public pages start with a few (README "Performance").
  beforeLoad: ({ location }) => loadTextsFor(location.pathname),
  component: RootComponent,
  notFoundComponent: NotFoundPage,
});

// Toasts (spec 8, 9): bottom-right by default, 4000 ms, at most 5 visible per position (the rest
// queue), 440 px wide, at most 200 px high. Sign-in notices pass position 'top-right'.
function RootComponent() {
  return (
    <>
      <Outlet />
      <Toaster
        position="bottom-right"
        duration={4000}
        visibleToasts={5}
        richColors
        closeButton
        style={{ '--width': '440px' } as CSSProperties}
        toastOptions={{ className: 'max-h-[200px] overflow-hidden' }}
      />
      <UpdatePrompt />
      <SessionExpiryListener />
    </>
  );
}
