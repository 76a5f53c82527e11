import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Bar, Line } from 'react-chartjs-2';
import type { OriginAnalysis } from '@/shared/origin-model/analysis';
import { elementLabel } from '../sample-values';

// Loaded on demand (React.lazy): chart.js stays out of the entry chunk.
ChartJS.register(BarElement, CategoryScale, LinearScale, LineElement, PointElement, Tooltip, Legend);

/** A region's probability as a colour from pale to strong blue (also the map's colour). */
export function probabilityColour(probability: number) {
  const p = Math.max(0, Math.min(1, probability));
  return `hsl(215 ${40 + 50 * p}% ${88 - 48 * p}%)`;
}

const statusColours = { within: '#16a34a', borderline: '#d97706', outside: '#dc2626' } as const;

/** Every region's probability, most probable first. */
export function ProbabilityBarChart({ rows, label }: { rows: OriginAnalysis['regionalProbability']; label: string }) {
  return (
    <div className="relative" style={{ height: Math.max(160, rows.length * 22 + 40) }}>
      <Bar
        aria-label={label}
        role="img"
        data={{
          labels: rows.map((r) => r.region),
          datasets: [
            {
              label,
              data: rows.map((r) => Math.round(r.probability * 1000) / 10),
              backgroundColor: rows.map((r) => probabilityColour(r.probability)),
              borderColor: 'hsl(215 90% 40%)',
              borderWidth: 1,
            },
          ],
        }}
        options={{
          indexAxis: 'y',
          maintainAspectRatio: false,
          animation: false,
          plugins: { legend: { display: false } },
          scales: { x: { min: 0, max: 100, ticks: { callback: (v) => `${String(v)}%` } } },
        }}
      />
    </div>
  );
}

/** Each element's z-score in each region, coloured by its status band. */
export function ElementZChart({ rows, label }: { rows: OriginAnalysis['elementStatus']; label: string }) {
  const regions = rows[0]?.regions.map((r) => r.region) ?? [];
  return (
    <div className="relative h-72">
      <Bar
        aria-label={label}
        role="img"
        data={{
          labels: rows.map((row) => elementLabel(row.element)),
          datasets: regions.map((region) => ({
            label: region,
            data: rows.map((row) => row.regions.find((r) => r.region === region)?.z ?? 0),
            backgroundColor: rows.map((row) => {
              const status = row.regions.find((r) => r.region === region)?.status ?? 'within';
              return statusColours[status];
            }),
          })),
        }}
        options={{
          maintainAspectRatio: false,
          animation: false,
          plugins: { legend: { display: false } },
          scales: { y: { title: { display: true, text: 'z' } } },
        }}
      />
    </div>
  );
}

/** Reliability diagram: accuracy against confidence per bin, with the diagonal of perfect calibration. */
export function CalibrationChart({
  bins,
  labels,
}: {
  bins: { from: number; to: number; count: number; meanConfidence: number; accuracy: number }[];
  labels: { accuracy: string; perfect: string; confidence: string };
}) {
  const used = bins.filter((b) => b.count > 0);
  return (
    <div className="relative h-64">
      <Line
        aria-label={labels.accuracy}
        role="img"
        data={{
          datasets: [
            {
              label: labels.accuracy,
              data: used.map((b) => ({ x: b.meanConfidence * 100, y: b.accuracy * 100 })),
              borderColor: 'hsl(215 90% 45%)',
              backgroundColor: 'hsl(215 90% 45%)',
              showLine: true,
            },
            {
              label: labels.perfect,
              data: [
                { x: 0, y: 0 },
                { x: 100, y: 100 },
              ],
              borderColor: '#9ca3af',
              borderDash: [4, 4],
              pointRadius: 0,
            },
          ],
        }}
        options={{
          maintainAspectRatio: false,
          animation: false,
          scales: {
            x: { type: 'linear', min: 0, max: 100, title: { display: true, text: labels.confidence } },
            y: { min: 0, max: 100, title: { display: true, text: labels.accuracy } },
          },
        }}
      />
    </div>
  );
}
