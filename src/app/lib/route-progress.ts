/**
 * The route-load bar, with NProgress (lib/progress.ts) fetched when a bar is first shown, not with
 * the page's start. A bar asked for and ended before the library is here is
 * never drawn; the latest ask wins.
 */
let shown = false;
let loading: Promise<typeof import('./progress')> | undefined;

function progress() {
  loading ??= import('./progress').catch((error: unknown) => {
    loading = undefined; // offline before the service worker held it: the next load tries again
    throw error;
  });
  return loading;
}

export function showRouteProgress() {
  shown = true;
  progress().then(
    ({ startProgress }) => shown && startProgress(),
    () => undefined,
  );
}

export function hideRouteProgress() {
  shown = false;
  loading?.then(
    ({ finishProgress }) => !shown && finishProgress(),
    () => undefined,
  );
}
