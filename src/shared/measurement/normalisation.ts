// The arithmetic of a measurement run, for one element: drift checked (and corrected) against run
// position, measured deltas normalised to the international scale by least squares through the
// anchor reference materials, and each sample's value with its spread and uncertainty. Pure: no
// database, no I/O, so the same numbers come out wherever it runs (docs/measurement.md has the
// formulas).

import { regularizedBeta } from '../origin-model/statistics.ts';

/** One measurement of an analysis: where it sat in the run and its raw delta (‰ vs the working gas). */
export type RunPoint = { analysis: number; position: number; measured: number };

type AnchorInput = { key: string; assigned: number; uncertainty: number | null; points: RunPoint[] };
type CheckInput = { key: string; assigned: number | null; points: RunPoint[] };
type UnknownInput = { key: string; points: RunPoint[] };

export type NormaliseInput = {
  anchors: AnchorInput[];
  checks: CheckInput[];
  samples: UnknownInput[];
  /** Significance level of the drift test (two-sided). */
  alpha?: number;
};

export type NormalisedPoint = RunPoint & { corrected: number; normalised: number };

export type DriftCheck = {
  /** ‰ of raw delta per position; positive when later analyses read higher. */
  slope: number;
  standardError: number;
  t: number;
  degreesOfFreedom: number;
  pValue: number;
  significant: boolean;
  /** Positions are corrected to this one (the mean position of the points the drift was read from). */
  referencePosition: number;
  /** How many analyses (of repeated anchors and check standards) the slope was read from. */
  points: number;
};

type Calibration = {
  slope: number;
  intercept: number;
  /** Standard deviation of the anchors' residuals (‰ on the scale); null with two points only. */
  residualSd: number | null;
  anchorRange: { min: number; max: number };
  /** null when too few repeated analyses to test for drift (then nothing is corrected). */
  drift: DriftCheck | null;
  driftCorrected: boolean;
  anchors: (Omit<AnchorInput, 'points'> & {
    points: (NormalisedPoint & { residual: number })[];
    meanMeasured: number;
  })[];
  checks: (Omit<CheckInput, 'points'> & Summary & { points: NormalisedPoint[]; difference: number | null })[];
  samples: (Omit<UnknownInput, 'points'> & Summary & { points: NormalisedPoint[]; extrapolated: boolean })[];
};

type Summary = {
  /** Mean of the normalised replicates. */
  value: number;
  /** Standard deviation of the replicates; null with one. */
  sd: number | null;
  n: number;
  /** Expanded uncertainty (k = 2) of the mean, ‰. */
  uncertainty: number;
};

type NormaliseRefusal = { reason: 'tooFewAnchors'; anchors: number } | { reason: 'anchorsNotDistinct' };

export type NormaliseResult = { ok: true; calibration: Calibration } | { ok: false; refusal: NormaliseRefusal };

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

function sampleSd(xs: readonly number[]): number | null {
  if (xs.length < 2) return null;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1));
}

/** Ordinary least squares y = slope·x + intercept, with what a prediction's standard error needs. */
function leastSquares(xs: readonly number[], ys: readonly number[]) {
  const n = xs.length;
  const mx = mean(xs);
  const my = mean(ys);
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    sxx += (xs[i]! - mx) ** 2;
    sxy += (xs[i]! - mx) * (ys[i]! - my);
  }
  const slope = sxx === 0 ? NaN : sxy / sxx;
  const intercept = my - slope * mx;
  let sse = 0;
  for (let i = 0; i < n; i++) sse += (ys[i]! - (slope * xs[i]! + intercept)) ** 2;
  const residualSd = n > 2 ? Math.sqrt(sse / (n - 2)) : null;
  return { slope, intercept, sxx, meanX: mx, n, residualSd };
}

// ————— Student's t —————

/** Two-sided p-value of Student's t with `df` degrees of freedom. */
export function tTestPValue(t: number, df: number): number {
  if (!Number.isFinite(t)) return 0;
  return regularizedBeta(df / (df + t * t), df / 2, 0.5);
}

// ————— Drift —————

type Group = { key: string; points: RunPoint[] };

/**
 * Drift read from the materials measured more than once (anchors and checks): within each material,
 * the deviations of its analyses from its own mean are regressed on their positions' deviations from
 * the material's mean position (one common slope, each material its own level), and the slope tested
 * against zero with Student's t at n − g − 1 degrees of freedom.
 */
export function checkDrift(groups: readonly Group[], alpha = 0.05): DriftCheck | null {
  const repeated = groups.filter((g) => g.points.length >= 2);
  const n = repeated.reduce((s, g) => s + g.points.length, 0);
  const df = n - repeated.length - 1;
  if (repeated.length === 0 || df < 1) return null;
  let sqq = 0;
  let sqr = 0;
  for (const g of repeated) {
    const mp = mean(g.points.map((p) => p.position));
    const mm = mean(g.points.map((p) => p.measured));
    for (const p of g.points) {
      sqq += (p.position - mp) ** 2;
      sqr += (p.position - mp) * (p.measured - mm);
    }
  }
  if (sqq === 0) return null;
  const slope = sqr / sqq;
  let sse = 0;
  for (const g of repeated) {
    const mp = mean(g.points.map((p) => p.position));
    const mm = mean(g.points.map((p) => p.measured));
    for (const p of g.points) sse += (p.measured - mm - slope * (p.position - mp)) ** 2;
  }
  const standardError = Math.sqrt(sse / df / sqq);
  const t = standardError === 0 ? (slope === 0 ? 0 : Infinity * Math.sign(slope)) : slope / standardError;
  const pValue = tTestPValue(t, df);
  const referencePosition = mean(repeated.flatMap((g) => g.points.map((p) => p.position)));
  return {
    slope,
    standardError,
    t,
    degreesOfFreedom: df,
    pValue,
    significant: pValue < alpha,
    referencePosition,
    points: n,
  };
}

// ————— Normalisation —————

/**
 * Normalises one element of a run. Refused (nothing to keep) with fewer than two anchor materials
 * measured, or anchors that read the same.
 */
export function normaliseElement(input: NormaliseInput): NormaliseResult {
  const anchors = input.anchors.filter((a) => a.points.length > 0);
  if (anchors.length < 2) return { ok: false, refusal: { reason: 'tooFewAnchors', anchors: anchors.length } };
  const checks = input.checks.filter((c) => c.points.length > 0);

  const drift = checkDrift([...anchors, ...checks], input.alpha ?? 0.05);
  const driftCorrected = drift?.significant === true;
  const correct = (p: RunPoint) =>
    driftCorrected ? p.measured - drift!.slope * (p.position - drift!.referencePosition) : p.measured;

  const xs: number[] = [];
  const ys: number[] = [];
  for (const a of anchors)
    for (const p of a.points) {
      xs.push(correct(p));
      ys.push(a.assigned);
    }
  const fit = leastSquares(xs, ys);
  if (!Number.isFinite(fit.slope) || fit.slope === 0) return { ok: false, refusal: { reason: 'anchorsNotDistinct' } };
  // Distinct materials measured alike would fit a vertical line: refuse rather than extrapolate wildly.
  const assignedValues = anchors.map((a) => a.assigned);
  const anchorRange = { min: Math.min(...assignedValues), max: Math.max(...assignedValues) };
  if (anchorRange.max === anchorRange.min) return { ok: false, refusal: { reason: 'anchorsNotDistinct' } };

  const normalise = (p: RunPoint): NormalisedPoint => {
    const corrected = correct(p);
    return { ...p, corrected, normalised: fit.slope * corrected + fit.intercept };
  };

  // The run's repeatability on the scale: the anchors' residual spread, or, with one analysis per
  // anchor, the check standards' and samples' own replicates pooled.
  const residualSd = fit.residualSd;
  const pooled = pooledSd([...checks, ...input.samples].map((g) => g.points.map((p) => normalise(p).normalised)));
  const repeatability = residualSd ?? pooled ?? 0;
  // The anchors' assigned values carry their own uncertainty into every normalised value.
  const referenceUncertainties = anchors.map((a) => a.uncertainty).filter((u): u is number => u != null);
  const referenceU = referenceUncertainties.length ? Math.sqrt(mean(referenceUncertainties.map((u) => u * u))) : 0;

  const summarise = (points: NormalisedPoint[]): Summary => {
    const values = points.map((p) => p.normalised);
    const value = mean(values);
    const sd = sampleSd(values);
    const n = values.length;
    const x0 = mean(points.map((p) => p.corrected));
    // Standard error of the fitted line at this sample's reading (the calibration's own uncertainty).
    const fitSe = repeatability * Math.sqrt(1 / fit.n + (x0 - fit.meanX) ** 2 / fit.sxx);
    const replicateSe = (sd ?? repeatability) / Math.sqrt(n);
    const combined = Math.sqrt(fitSe ** 2 + replicateSe ** 2 + referenceU ** 2);
    return { value, sd, n, uncertainty: 2 * combined };
  };

  return {
    ok: true,
    calibration: {
      slope: fit.slope,
      intercept: fit.intercept,
      residualSd,
      anchorRange,
      drift,
      driftCorrected,
      anchors: anchors.map((a) => {
        const points = a.points.map((p) => {
          const np = normalise(p);
          return { ...np, residual: np.normalised - a.assigned };
        });
        return { ...a, points, meanMeasured: mean(a.points.map((p) => p.measured)) };
      }),
      checks: checks.map((c) => {
        const points = c.points.map(normalise);
        const summary = summarise(points);
        return { ...c, ...summary, points, difference: c.assigned == null ? null : summary.value - c.assigned };
      }),
      samples: input.samples
        .filter((s) => s.points.length > 0)
        .map((s) => {
          const points = s.points.map(normalise);
          const summary = summarise(points);
          const extrapolated = summary.value < anchorRange.min || summary.value > anchorRange.max;
          return { ...s, ...summary, points, extrapolated };
        }),
    },
  };
}

function pooledSd(groups: number[][]): number | null {
  let ss = 0;
  let df = 0;
  for (const values of groups) {
    if (values.length < 2) continue;
    const m = mean(values);
    ss += values.reduce((s, x) => s + (x - m) ** 2, 0);
    df += values.length - 1;
  }
  return df > 0 ? Math.sqrt(ss / df) : null;
}
