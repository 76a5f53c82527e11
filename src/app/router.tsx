import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { LoadingView } from '@/app/layout/loading-view';
import { finishProgress, startProgress } from '@/app/lib/progress';
import { routeTree } from './routeTree.gen';

export type RouterContext = { queryClient: QueryClient };

export function createAppRouter(queryClient: QueryClient) {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Query's cache decides freshness; the router always asks it.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: LoadingView,
    scrollRestoration: true,
  });
  router.subscribe('onBeforeLoad', ({ pathChanged }) => {
    if (pathChanged) startProgress();
  });
  router.subscribe('onResolved', () => finishProgress());
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
