// npm run bench: runs every bench/*.bench.ts and prints each figure as a ratio against a baseline
// measured in the same run on the same machine, so the numbers mean something on any machine.
// A bench module's default export returns rows; a row may carry a target ratio it should stay under.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type BenchRow = {
  name: string;
  /** What the figure is compared with, measured in the same run. */
  baseline: { label: string; value: number };
  value: number;
  unit: string;
  /** The ratio value / baseline should stay at or under this. */
  targetRatio?: number;
};

const dir = fileURLToPath(new URL('.', import.meta.url));
const only = process.argv[2];
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only)))
  .sort();

let missed = 0;
for (const file of files) {
  const mod = (await import(`./${file}`)) as { default: () => Promise<BenchRow[]> };
  process.stdout.write(`\n${file}\n`);
  for (const row of await mod.default()) {
    const ratio = row.value / row.baseline.value;
    const target = row.targetRatio === undefined ? '' : ` (target ≤ ${row.targetRatio}×)`;
    const verdict = row.targetRatio === undefined ? '' : ratio <= row.targetRatio ? '  ok' : '  OVER TARGET';
    if (row.targetRatio !== undefined && ratio > row.targetRatio) missed += 1;
    process.stdout.write(
      `  ${row.name}: ${row.value.toFixed(2)} ${row.unit} = ${ratio.toFixed(2)}× ${row.baseline.label} ` +
        `(${row.baseline.value.toFixed(2)} ${row.unit})${target}${verdict}\n`,
    );
  }
}
process.stdout.write(`\n${missed === 0 ? 'all figures within target' : `${missed} figure(s) over target`}\n`);
