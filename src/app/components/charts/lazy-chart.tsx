import { lazy } from 'react';
import { ChartBox } from './chart-box';
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

/** A chart (chart.js, loaded on first use) in its box (`ChartBox`). */
export function LazyChart({ height = 260, ...props }: ChartCanvasProps & { height?: number }) {
  return (
    <ChartBox height={height}>
      <ChartCanvas {...props} />
    </ChartBox>
  );
}
