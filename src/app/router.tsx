import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { LoadingView } from '@/app/components/page/loading-view';
import { hideRouteProgress, showRouteProgress } from '@/app/lib/route-progress';
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
  // The bar shows when one page leads to another. The first page of a visit has none unless it is
  // slow enough for the loading view (which draws it): the page starts without NProgress.
  router.subscribe('onBeforeLoad', ({ fromLocation, pathChanged }) => {
    if (fromLocation && pathChanged) showRouteProgress();
  });
  router.subscribe('onResolved', () => hideRouteProgress());
  return router;
}

/**
 * Fetches the code of every route a path matches at once. The router asks for a route's chunks
 * only once every `beforeLoad` above it has run (the root's waits for the page's texts), so on a
 * phone the first page would wait a round trip or two longer for its code.
 */
export function fetchRouteCode(router: ReturnType<typeof createAppRouter>, pathname: string) {
  const [routes] = router.getMatchedRoutes(pathname);
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => undefined);
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
