import type { MeasuredElement, RunCalibration } from './measurement.ts';

// Quality control of a measurement run (docs/quality-control.md): the Westgard rules that judge a
// check standard's results against its control chart, and the limit on duplicates of one sample.
// Pure arithmetic: the server stores and looks back (services/measurement/qc-judgement.ts), the app shows the words.

/** The rules, in the order they are reported. 1-2s only warns; the others reject the run. */
export const westgardRules = ['1-3s', '2-2s', 'R-4s', '4-1s', '10-x', '1-2s'] as const;
export type WestgardRule = (typeof westgardRules)[number];
const rejectionRules: readonly WestgardRule[] = ['1-3s', '2-2s', 'R-4s', '4-1s', '10-x'];
export const isRejection = (rule: WestgardRule) => rejectionRules.includes(rule);

/** How many in-control results of a check standard establish its chart's mean and SD. */
export const CONTROL_BASELINE_RESULTS = 20;

/** A run's verdict: notJudged when no check standard of it had limits to be judged against. */
export const runVerdicts = ['inControl', 'warning', 'rejected', 'notJudged'] as const;
export type RunVerdict = (typeof runVerdicts)[number];

export type ControlLimits = { mean: number; sd: number; source: 'established' | 'target' };

/** The mean and sample SD of the first CONTROL_BASELINE_RESULTS results; null until there are that many. */
export function establishLimits(results: readonly number[]): { mean: number; sd: number } | null {
  if (results.length < CONTROL_BASELINE_RESULTS) return null;
  const baseline = results.slice(0, CONTROL_BASELINE_RESULTS);
  const mean = baseline.reduce((s, x) => s + x, 0) / baseline.length;
  const sd = Math.sqrt(baseline.reduce((s, x) => s + (x - mean) ** 2, 0) / (baseline.length - 1));
  // A chart whose results never varied has no SD to judge against: treat it as not established.
  return sd > 0 ? { mean, sd } : null;
}

export type CheckJudgement = {
  /** Each of this run's results as z = (x − mean) / SD, in the run's order. */
  z: number[];
  /** The rules broken, each once, in westgardRules' order. */
  rules: WestgardRule[];
};

const allAbove = (zs: readonly number[], limit: number) => zs.every((z) => z > limit);
const allBelow = (zs: readonly number[], limit: number) => zs.every((z) => z < -limit);
const sameSideBeyond = (zs: readonly number[], limit: number) => allAbove(zs, limit) || allBelow(zs, limit);

/**
 * Judges one check standard's results of one element in this run. `earlier` are the chart's earlier
 * results (earlier runs, not rejected, in run order; this run's after them), for the rules that
 * look back across runs. A rule is broken by a window that ends at one of this run's results, so a
 * pattern wholly in earlier runs (judged then) is not counted again.
 */
export function judgeCheck({
  limits,
  earlier,
  current,
}: {
  limits: { mean: number; sd: number };
  earlier: readonly number[];
  current: readonly number[];
}): CheckJudgement {
  const zOf = (x: number) => (x - limits.mean) / limits.sd;
  const sequence = [...earlier, ...current].map(zOf);
  const first = earlier.length;
  const z = sequence.slice(first);
  const broken = new Set<WestgardRule>();
  const window = (end: number, size: number) => (end + 1 >= size ? sequence.slice(end + 1 - size, end + 1) : null);
  for (let i = first; i < sequence.length; i++) {
    const value = sequence[i]!;
    if (Math.abs(value) > 3) broken.add('1-3s');
    if (Math.abs(value) > 2) broken.add('1-2s');
    const two = window(i, 2);
    if (two && sameSideBeyond(two, 2)) broken.add('2-2s');
    const four = window(i, 4);
    if (four && sameSideBeyond(four, 1)) broken.add('4-1s');
    const ten = window(i, 10);
    if (ten && sameSideBeyond(ten, 0)) broken.add('10-x');
  }
  // R-4s: within the run, one result beyond +2 SD and another beyond −2 SD.
  if (z.some((v) => v > 2) && z.some((v) => v < -2)) broken.add('R-4s');
  return { z, rules: westgardRules.filter((rule) => broken.has(rule)) };
}

/** The run's verdict from its check standards' rules; notJudged when none could be judged. */
export function runVerdict(judged: readonly { rules: readonly WestgardRule[] }[]): RunVerdict {
  if (judged.length === 0) return 'notJudged';
  if (judged.some((j) => j.rules.some(isRejection))) return 'rejected';
  if (judged.some((j) => j.rules.length > 0)) return 'warning';
  return 'inControl';
}

/** The largest difference between duplicates of one sample in one run, per element (‰). */
const duplicateLimits = {
  carbon: 0.2,
  nitrogen: 0.3,
  oxygen: 0.3,
  sulfur: 0.3,
  hydrogen: 3.0,
} as const satisfies Record<MeasuredElement, number>;

export type DuplicateFlag = {
  sampleEntryId: number;
  idflNumber: string;
  element: MeasuredElement;
  /** Largest minus smallest normalised replicate, ‰. */
  range: number;
  limit: number;
};

/** The samples whose replicates in the run differ by more than the element's limit: a warning on the sample. */
export function duplicateFlags(calibrations: readonly Pick<RunCalibration, 'element' | 'samples'>[]): DuplicateFlag[] {
  const flags: DuplicateFlag[] = [];
  for (const calibration of calibrations) {
    const limit = duplicateLimits[calibration.element];
    for (const sample of calibration.samples) {
      if (sample.points.length < 2) continue;
      const values = sample.points.map((p) => p.normalised);
      const range = Math.max(...values) - Math.min(...values);
      // Compared at the 0.001 ‰ the values are read to, so a range of exactly the limit passes.
      if (Math.round(range * 1000) > Math.round(limit * 1000))
        flags.push({
          sampleEntryId: sample.sampleEntryId,
          idflNumber: sample.idflNumber,
          element: calibration.element,
          range,
          limit,
        });
    }
  }
  return flags;
}
