import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { startTexts } from '@/app/lib/i18n';
import { mirrorSessionChanges } from '@/app/features/auth/session-wiring';
import { listenForInstallPrompt } from '@/app/features/pwa/install-prompt';
import { registerServiceWorker } from '@/app/features/pwa/service-worker';
import { startErrorReporting } from '@/app/lib/error-reporting';
import { createQueryClient } from '@/app/lib/query-client';
import { createAppRouter, fetchRouteCode } from './router';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
// The first page's code comes while its texts do, not after them.
fetchRouteCode(router, window.location.pathname);

mirrorSessionChanges();
listenForInstallPrompt();
registerServiceWorker();
void startErrorReporting();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first render has its texts (lib/i18n.ts).
void startTexts.then(() =>
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  ),
);
