import { lazy, Suspense, useSyncExternalStore, type ComponentType } from 'react';
import { subscribeToToastsWanted, toastsWanted } from '@/app/lib/toast-later';

// Offline before the service worker held it, the page goes on without toasts rather than failing.
const AppToaster = lazy<ComponentType>(() =>
  import('./app-toaster').then(
    (chunk) => ({ default: chunk.AppToaster }),
    () => ({ default: () => null }),
  ),
);

/** The app's Toaster, fetched and mounted once a toast is wanted (lib/toast-later.ts), not at start. */
export function Toasts() {
  const wanted = useSyncExternalStore(subscribeToToastsWanted, toastsWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
