import {
  Chart,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  ScatterController,
  Tooltip,
  type ChartData,
} from 'chart.js';
import { Scatter } from 'react-chartjs-2';

// chart.js is large: reached only through the control-chart page's dynamic import, like the other charts.
Chart.register(ScatterController, LinearScale, PointElement, LineElement, Legend, Tooltip);

export type ControlChartPoint = { x: number; y: number; label: string; excluded: boolean; latest: boolean };
export type ControlChartLine = { label: string; y: number; color: string; dashed?: boolean };

export type ControlChartCanvasProps = {
  points: ControlChartPoint[];
  lines: ControlChartLine[];
  pointsLabel: string;
  xTitle: string;
  yTitle: string;
  /** Read by screen readers in place of the picture. */
  ariaLabel: string;
};

const IN_RUN = '#2563eb';
const REJECTED = '#dc2626';

/** A Levey-Jennings chart: results in run order, the mean and ±2s/±3s as horizontal lines. */
export default function ControlChartCanvas({
  points,
  lines,
  pointsLabel,
  xTitle,
  yTitle,
  ariaLabel,
}: ControlChartCanvasProps) {
  // The lines and the axis reach half a result beyond the first and the last: a chart of one result
  // still shows its limits as lines, not as points of no length.
  const first = (points[0]?.x ?? 1) - 0.5;
  const last = (points.at(-1)?.x ?? 1) + 0.5;
  const data: ChartData<'scatter'> = {
    datasets: [
      {
        label: pointsLabel,
        data: points.map(({ x, y }) => ({ x, y })),
        showLine: true,
        borderColor: '#94a3b8',
        borderWidth: 1,
        // A rejected run's results in red; the latest run's drawn larger, as a diamond.
        backgroundColor: points.map((p) => (p.excluded ? REJECTED : IN_RUN)),
        pointBorderColor: points.map((p) => (p.excluded ? REJECTED : IN_RUN)),
        pointRadius: points.map((p) => (p.latest ? 8 : 4)),
        pointStyle: points.map((p) => (p.latest ? 'rectRot' : 'circle')),
      },
      ...lines.map((line) => ({
        label: line.label,
        data: [
          { x: first, y: line.y },
          { x: last, y: line.y },
        ],
        showLine: true,
        borderColor: line.color,
        backgroundColor: line.color,
        borderDash: line.dashed ? [6, 4] : [],
        borderWidth: 1.5,
        pointRadius: 0,
      })),
    ],
  };
  const options = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false as const,
    plugins: {
      legend: { position: 'bottom' as const, labels: { usePointStyle: true } },
      tooltip: {
        callbacks: {
          title: (items: { datasetIndex: number; dataIndex: number }[]) =>
            items[0]?.datasetIndex === 0 ? (points[items[0].dataIndex]?.label ?? '') : '',
        },
      },
    },
    scales: {
      x: {
        type: 'linear' as const,
        min: first,
        max: last,
        title: { display: true, text: xTitle },
        // Result numbers only: the half-result margins at the ends carry no label.
        ticks: { precision: 0, callback: (value: number | string) => (Number.isInteger(value) ? value : '') },
      },
      y: { type: 'linear' as const, title: { display: true, text: yTitle } },
    },
  };
  return <Scatter data={data} options={options} aria-label={ariaLabel} role="img" />;
}
