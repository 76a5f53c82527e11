import { Suspense, type ReactNode } from 'react';
import { Skeleton } from '@/app/components/ui/skeleton';

/**
 * The box a chart draws in: fixed height, the width of its column, a skeleton while the chart's code
 * loads. Its width never comes from the canvas inside (inline-size containment): a drawn canvas keeps
 * its pixel width, so when a bench tablet is turned upright the chart would hold the page at its
 * landscape width instead of narrowing with it (chart.js redraws to its box's size).
 */
export function ChartBox({ height, children }: { height: number; children: ReactNode }) {
  return (
    <div style={{ height }} className="relative w-full contain-inline-size">
      <Suspense fallback={<Skeleton className="h-full w-full" />}>{children}</Suspense>
    </div>
  );
}
