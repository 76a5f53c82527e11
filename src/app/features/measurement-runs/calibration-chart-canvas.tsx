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

// chart.js is large: reached only through CalibrationChart's dynamic import, like the other charts.
Chart.register(ScatterController, LinearScale, PointElement, LineElement, Legend, Tooltip);

export type CalibrationSeries = {
  label: string;
  points: { x: number; y: number }[];
  color: string;
  /** The fit: drawn as a line through its points, without markers. */
  isLine?: boolean;
  /** chart.js point style, so a kind of point differs by shape as well as colour. */
  pointStyle?: 'circle' | 'triangle' | 'rect' | 'crossRot';
};

export type CalibrationChartCanvasProps = {
  series: CalibrationSeries[];
  xTitle: string;
  yTitle: string;
  /** Read by screen readers in place of the picture. */
  ariaLabel: string;
};

export default function CalibrationChartCanvas({ series, xTitle, yTitle, ariaLabel }: CalibrationChartCanvasProps) {
  const data: ChartData<'scatter'> = {
    datasets: series.map((s) => ({
      label: s.label,
      data: s.points,
      borderColor: s.color,
      backgroundColor: s.color,
      showLine: s.isLine ?? false,
      pointRadius: s.isLine ? 0 : 5,
      pointStyle: s.pointStyle ?? 'circle',
      borderWidth: s.isLine ? 2 : 1,
    })),
  };
  const options = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false as const,
    plugins: { legend: { position: 'bottom' as const, labels: { usePointStyle: true } } },
    scales: {
      x: { type: 'linear' as const, title: { display: true, text: xTitle } },
      y: { type: 'linear' as const, title: { display: true, text: yTitle } },
    },
  };
  return <Scatter data={data} options={options} aria-label={ariaLabel} role="img" />;
}
