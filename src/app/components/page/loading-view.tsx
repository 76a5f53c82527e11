import { useEffect } from 'react';
import { Spinner } from '@/app/components/ui/spinner';
import { hideRouteProgress, showRouteProgress } from '@/app/lib/route-progress';

/** Shown while a route loads: a centred spinner over the thin top progress bar. */
export function LoadingView() {
  useEffect(() => {
    showRouteProgress();
    return hideRouteProgress;
  }, []);
  return (
    <div className="flex min-h-[50vh] flex-1 items-center justify-center" data-testid="loading-view">
      <Spinner className="size-8 text-primary" />
    </div>
  );
}
