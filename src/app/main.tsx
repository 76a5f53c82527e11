import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { startTexts } from '@/app/lib/words/i18n';
import { mirrorSessionChanges } from '@/app/features/auth/session-wiring';
import { linkWebManifest, listenForInstallPrompt } from '@/app/features/pwa/install-prompt';
import { registerServiceWorker } from '@/app/features/pwa/service-worker';
import { appConfig } from '@/app/lib/api/app-config';
import { startErrorReporting } from '@/app/lib/api/error-reporting';
import { knowsLabTimeZone, learnLabTimeZone } from '@/app/lib/words/lab-time-zone';
import { createQueryClient } from '@/app/lib/api/query-client';
import { createAppRouter, fetchRouteCode } from './router';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
// The first page's code comes while its texts do, not after them.
fetchRouteCode(router, window.location.pathname);
// Its loaders start as soon as its texts are here, so a list's data is asked for before the first
// render, not after it (the router would load on mount, once that render is done: a round trip
// later on a phone). A failure is the route's to show, as on any load.
const firstLoad = router.load().catch(() => undefined);

// The laboratory's time zone every date is shown in, remembered for the next start. A first start
// asks while the texts load, so its first screen's dates are in it; a later one knows it and asks
// once the first page is drawn, with the error reporting below (one answer): asked before, the
// request competes with the page's own (a list's data) for a phone's few connections.
const learnZone = () =>
  void appConfig()
    .then((config) => learnLabTimeZone(config.labTimeZone))
    .catch(() => undefined);
const zoneKnown = knowsLabTimeZone();
if (!zoneKnown) learnZone();

mirrorSessionChanges();
listenForInstallPrompt();
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first render has its texts (lib/words/i18n.ts) and the page's matched routes loaded, so the page is
// drawn once, not first as pending and again as the load ends. No loader waits for data (the lists
// only start asking), so this is the texts and the code the page waited for anyway. It renders as a
// transition: React then works in slices of a few milliseconds, giving the browser its turn between
// them, instead of holding the main thread for the whole first screen (on a phone 200 ms and more
// for the staff's shell and a list).
const drawn = startTexts.then(async () => {
  await firstLoad;
  const app = createRoot(root);
  startTransition(() =>
    app.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
});
// Once the first page is drawn and the browser idle: where to report errors, the laboratory's time
// zone (when known already) and the web app manifest. The first paint needs none of them, and their
// requests would compete with the page's own (a list's data).
const afterFirstPaint = () => {
  if (zoneKnown) learnZone();
  void startErrorReporting();
  linkWebManifest();
};
void drawn
  .catch(() => undefined)
  .then(() =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(afterFirstPaint, { timeout: 2000 })
      : window.setTimeout(afterFirstPaint, 200),
  );
