import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import '@/app/lib/i18n';
import { mirrorSessionChanges } from '@/app/features/auth/session-wiring';
import { listenForInstallPrompt } from '@/app/features/pwa/install-prompt';
import { registerServiceWorker } from '@/app/features/pwa/service-worker';
import { startErrorReporting } from '@/app/lib/error-reporting';
import { createQueryClient } from '@/app/lib/query-client';
import { createAppRouter } from './router';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
// The first page's code is fetched while its texts load (the root route's beforeLoad), not after
// them: on a slow network that wait is a round trip per script (README "Performance").
const [firstPageRoutes] = router.getMatchedRoutes(window.location.pathname);
for (const route of firstPageRoutes) {
  router.loadRouteChunk(route)?.catch(() => undefined); // the router's own load retries and reports
}

mirrorSessionChanges();
listenForInstallPrompt();
registerServiceWorker();
void startErrorReporting();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
