import {
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
} from 'chart.js';
import { Bar, Line } from 'react-chartjs-2';

// chart.js is large: this module is only reached through LazyChart's dynamic import, so it stays
// out of the entry chunk and loads the first time a chart is on screen.
Chart.register(BarElement, CategoryScale, LinearScale, LineElement, PointElement, Legend, Tooltip);

type ChartKind = 'bar' | 'stackedBar' | 'line';

export type ChartCanvasProps = {
  kind: ChartKind;
  labels: string[];
  datasets: { label: string; data: number[]; color: string }[];
  /** Read by screen readers in place of the picture. */
  ariaLabel: string;
};

export default function ChartCanvas({ kind, labels, datasets, ariaLabel }: ChartCanvasProps) {
  const stacked = kind === 'stackedBar';
  const options = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false as const,
    plugins: { legend: { position: 'bottom' as const } },
    scales: {
      x: { stacked },
      y: { stacked, beginAtZero: true, ticks: { precision: 0 } },
    },
  };
  if (kind === 'line') {
    const data: ChartData<'line'> = {
      labels,
      datasets: datasets.map((d) => ({
        label: d.label,
        data: d.data,
        borderColor: d.color,
        backgroundColor: d.color,
        tension: 0.25,
      })),
    };
    return <Line data={data} options={options} aria-label={ariaLabel} role="img" />;
  }
  const data: ChartData<'bar'> = {
    labels,
    datasets: datasets.map((d) => ({ label: d.label, data: d.data, backgroundColor: d.color })),
  };
  return <Bar data={data} options={options} aria-label={ariaLabel} role="img" />;
}
