import { lazy, Suspense } from 'react';
import { Skeleton } from '@/app/components/ui/skeleton';
import type { ChartCanvasProps } from './chart-canvas';

const ChartCanvas = lazy(() => import('./chart-canvas'));

/** The laboratory's series colours, in the order charts use them. */
export const CHART_COLORS = [
  '#2563eb',
  '#16a34a',
  '#dc2626',
  '#d97706',
  '#7c3aed',
  '#0891b2',
  '#db2777',
  '#65a30d',
  '#64748b',
];

/** A chart (chart.js, loaded on first use) in a box of fixed height, with a skeleton while it loads. */
export function LazyChart({ height = 260, ...props }: ChartCanvasProps & { height?: number }) {
  return (
    <div style={{ height }} className="relative w-full">
      <Suspense fallback={<Skeleton className="h-full w-full" />}>
        <ChartCanvas {...props} />
      </Suspense>
    </div>
  );
}
