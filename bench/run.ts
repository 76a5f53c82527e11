// npm run bench: runs every bench/*.bench.ts and prints each figure as a ratio against a baseline
// measured in the same run on the same machine, so the numbers mean something on any machine.
// A bench module's default export returns rows; a row may carry a target ratio it should stay under.
// `--scale N` runs the lists at the scale of years instead (bench/scale/lists.ts; a few minutes).
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { benchListsAtScale } from './scale/lists.ts';

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
const args = process.argv.slice(2);
const scaleAt = args.indexOf('--scale');
const scale = scaleAt >= 0 ? Number(args[scaleAt + 1] ?? 100_000) : undefined;
if (scale !== undefined && !(Number.isInteger(scale) && scale >= 1_000))
  throw new Error('--scale takes a number of entries ≥ 1000');
const only = scale === undefined ? args[0] : undefined;
type Bench = { name: string; run: () => Promise<BenchRow[]> };
const benches: Bench[] =
  scale === undefined
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only)))
        .sort()
        .map((f) => ({
          name: f,
          run: async () => ((await import(`./${f}`)) as { default: () => Promise<BenchRow[]> }).default(),
        }))
    : [{ name: `lists at ${scale.toLocaleString('en')} entries`, run: () => benchListsAtScale(scale) }];

let missed = 0;
for (const { name, run } of benches) {
  process.stdout.write(`\n${name}\n`);
  for (const row of await run()) {
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
