// How typical a sample is of a region: a p-value that the verdicts compare with 0.01 and 0.05.
//
// The raw p-value is the Hotelling predictive tail of the sample's Mahalanobis distance under the
// region's fitted Gaussian. Real regions are not that Gaussian (heavy tails, several sites, a
// covariance shrunk toward the pooled one and its diagonal), so the raw p is not uniform on the
// region's own samples: on the strawberries with 25 elements 11 % of held-out samples had raw
// p < 0.01 in their own region. The p is therefore calibrated on the region's own references: at
// the fit, each reference's raw p in its region is computed from a refit without it (K-fold, the
// densities' settings kept), and the analysis maps a raw p through the empirical distribution of
// these held-out p-values. The calibrated p is the share of the region's own (held-out) samples
// that are at most as typical, so p < 0.01 means what the threshold says on the references.
import { choleskyWithRidge, forwardSolve, squaredNorm, subMatrix } from './matrix.ts';
import { observedOf, regularise, summarise, type ModelSettings, type Standardised } from './region-density.ts';
import { chiSquareSurvival, fSurvival } from './statistics.ts';

/**
 * The raw typicality of a squared (predictive) Mahalanobis distance over d measured elements in a
 * region of n references: the F(d, n − d) tail; the χ² tail when the region has too few references.
 */
export function rawTypicality(distance: number, d: number, n: number): number {
  if (d === 0) return 1;
  if (n - d < 1) return chiSquareSurvival(distance, d);
  return fSurvival((distance * (n - d)) / (d * (n - 1)), d, n - d);
}

/** Folds of the held-out typicalities: every reference is held out once. */
const calibrationFolds = 10;

/** Held-out p-values are kept to this many significant digits (the model stays compact). */
const keptDigits = 3;

/**
 * Each reference's raw typicality in its own region, from the region densities refitted without
 * it (stratified K-fold, the given settings): per region (by name), sorted ascending, rounded.
 * References with no modelled element measured say nothing and are left out.
 */
export function heldOutTypicalities(
  data: readonly Standardised[],
  dimension: number,
  settings: Pick<ModelSettings, 'shrinkToPooled' | 'shrinkToDiagonal'>,
): Map<string, number[]> {
  // Stratified folds: a region's references dealt round-robin, so each fold holds out a tenth of
  // every region (one reference at most of a small one).
  const seen = new Map<string, number>();
  const fold = data.map((d) => {
    const i = seen.get(d.region) ?? 0;
    seen.set(d.region, i + 1);
    return i % calibrationFolds;
  });
  const out = new Map<string, number[]>();
  for (let f = 0; f < calibrationFolds; f++) {
    const held = data.filter((_, i) => fold[i] === f);
    if (held.length === 0) continue;
    const summary = summarise(
      data.filter((_, i) => fold[i] !== f),
      dimension,
    );
    const regions = new Map(summary.regions.map((r) => [r.region, r]));
    const factors = new Map<string, number[][]>();
    for (const record of held) {
      const region = regions.get(record.region);
      const observed = observedOf(record.x);
      if (!region || observed.length === 0) continue;
      const key = `${record.region}\u0000${observed.join(',')}`;
      let factor = factors.get(key);
      if (!factor) {
        const covariance = regularise(region, summary.pooled, settings.shrinkToPooled, settings.shrinkToDiagonal);
        factor = choleskyWithRidge(subMatrix(covariance, observed)).factor;
        factors.set(key, factor);
      }
      // The same predictive distance as the analysis's (componentScores): Σ·(1 + 1/n).
      const diff = observed.map((j) => record.x[j]! - region.mean[j]!);
      const distance = squaredNorm(forwardSolve(factor, diff)) / (1 + 1 / region.count);
      const list = out.get(record.region) ?? [];
      list.push(Number(rawTypicality(distance, observed.length, region.count).toPrecision(keptDigits)));
      out.set(record.region, list);
    }
  }
  for (const list of out.values()) list.sort((a, b) => a - b);
  return out;
}

/**
 * A raw typicality calibrated on the region's held-out p-values q₁ ≤ … ≤ qₙ: the empirical
 * distribution function through the points (qᵢ, i/(n + 1)) (the expected value of the
 * distribution function at the i-th of n order statistics), linear between them and to (1, 1)
 * after the last. Its resolution is 1/(n + 1): with fewer than 99 references no counted p is below
 * 0.01, so whether a sample is atypical (p < 0.01) is decided below q₁, in the tail (tailOf).
 * Without held-out p-values (a model fitted before they were kept) the raw p stands.
 */
export function calibratedTypicality(raw: number, heldOut: readonly number[] | undefined): number {
  if (!heldOut || heldOut.length === 0) return raw;
  if (!(raw < 1)) return 1;
  const n = heldOut.length;
  // How many held-out p-values are at most raw (binary search: the analysis runs per keystroke).
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (heldOut[mid]! <= raw) lo = mid + 1;
    else hi = mid;
  }
  const below = lo;
  if (below === 0) return tailOf(raw, heldOut);
  const fromX = heldOut[below - 1]!;
  const fromY = below / (n + 1);
  const toX = below === n ? 1 : heldOut[below]!;
  const toY = (below + 1) / (n + 1);
  if (!(toX > fromX)) return fromY;
  return fromY + ((raw - fromX) * (toY - fromY)) / (toX - fromX);
}

/** How many of the smallest held-out p-values the tail's shape is estimated from. */
const tailCount = 5;

/**
 * Below the smallest held-out p-value q₁ no reference is left to count. The distribution is taken
 * as a power of p there, F(p) = F(q₁)·(p/q₁)^α, with α estimated (Hill's estimator) from the
 * smallest held-out p-values, −ln(qᵢ/q_k) for i < k being exponential with rate α: α = 1 is a
 * calibrated tail, tails heavier than the Gaussian's give α < 1. α is kept within [¼, 1], and the
 * result is never below the raw p unless it is above the resolution 1/(n + 1): a handful of
 * references may show a heavier tail than the Gaussian's (raising p) but are no evidence of a
 * lighter one (the smallest of 18 uniform p-values is above 0.07 one time in four).
 */
function tailOf(raw: number, heldOut: readonly number[]): number {
  const n = heldOut.length;
  const first = heldOut[0]!;
  if (!(first > 0)) return raw;
  const k = Math.min(n, tailCount);
  let sum = 0;
  for (let i = 0; i < k - 1; i++) sum += Math.log(heldOut[k - 1]! / Math.max(heldOut[i]!, Number.MIN_VALUE));
  const alpha = sum > 0 ? Math.min(1, Math.max(0.25, (k - 1) / sum)) : 1;
  const resolution = 1 / (n + 1);
  return Math.max(resolution * (raw / first) ** alpha, Math.min(raw, resolution));
}
