// The two densities that describe a region in the origin model, and how they are mixed: a
// regularised Gaussian or Student-t (the region's covariance shrunk toward the pooled one and its
// own diagonal) and a kernel density over the region's references shaped by that covariance.
// Values are standardised; null is an element not measured, marginalised out.
import { choleskyWithRidge, forwardSolve, logDeterminant, squaredNorm, subMatrix, type Matrix } from './matrix.ts';
import { logGamma, logSumExp, softmax } from './statistics.ts';

/** The model's settings, every one chosen by cross-validation (settings-choice.ts). */
export type ModelSettings = {
  shrinkToPooled: number;
  shrinkToDiagonal: number;
  /** Student-t degrees of freedom; null is the Gaussian. */
  degreesOfFreedom: number | null;
  /** Kernel bandwidth as a multiple of Silverman's rule for the region's size. */
  bandwidth: number;
  /** Share of the kernel density in the mixture (0 = Gaussian/t only). */
  kernelWeight: number;
  temperature: number;
};

/** A reference in standardised units: value' = (value − center) / scale, null where not measured. */
export type Standardised = { region: string; x: (number | null)[] };

export function isMeasured(v: number | null | undefined): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

export type RegionSummary = {
  region: string;
  count: number;
  mean: number[];
  /** Sample covariance from pairwise-complete references. */
  covariance: Matrix;
  points: (number | null)[][];
};

export function summarise(data: readonly Standardised[], dimension: number) {
  const byRegion = new Map<string, (number | null)[][]>();
  for (const d of data) {
    const list = byRegion.get(d.region) ?? [];
    list.push(d.x);
    byRegion.set(d.region, list);
  }
  const regions: RegionSummary[] = [...byRegion.keys()].sort().map((region) => {
    const points = byRegion.get(region)!;
    const mean = new Array<number>(dimension).fill(0);
    for (let j = 0; j < dimension; j++) {
      let sum = 0;
      let n = 0;
      for (const p of points)
        if (p[j] !== null) {
          sum += p[j]!;
          n++;
        }
      mean[j] = n > 0 ? sum / n : 0;
    }
    const covariance = Array.from({ length: dimension }, () => new Array<number>(dimension).fill(0));
    for (let i = 0; i < dimension; i++)
      for (let j = 0; j <= i; j++) {
        let sum = 0;
        let n = 0;
        for (const p of points)
          if (p[i] !== null && p[j] !== null) {
            sum += (p[i]! - mean[i]!) * (p[j]! - mean[j]!);
            n++;
          }
        // Too few pairs: no information on this entry; the pooled estimate fills it in below.
        const value = n >= 2 ? sum / (n - 1) : Number.NaN;
        covariance[i]![j] = value;
        covariance[j]![i] = value;
      }
    return { region, count: points.length, mean, covariance, points };
  });
  // Pooled within-region covariance, weighted by each region's degrees of freedom.
  const pooled = Array.from({ length: dimension }, () => new Array<number>(dimension).fill(0));
  const weights = Array.from({ length: dimension }, () => new Array<number>(dimension).fill(0));
  for (const r of regions)
    for (let i = 0; i < dimension; i++)
      for (let j = 0; j < dimension; j++) {
        const v = r.covariance[i]![j]!;
        if (Number.isNaN(v)) continue;
        pooled[i]![j]! += v * (r.count - 1);
        weights[i]![j]! += r.count - 1;
      }
  for (let i = 0; i < dimension; i++)
    for (let j = 0; j < dimension; j++)
      pooled[i]![j] = weights[i]![j]! > 0 ? pooled[i]![j]! / weights[i]![j]! : i === j ? 1 : 0;
  for (let i = 0; i < dimension; i++) pooled[i]![i] = Math.max(pooled[i]![i]!, 1e-6);
  return { regions, pooled };
}

export function regularise(region: RegionSummary, pooled: Matrix, toPooled: number, toDiagonal: number): Matrix {
  const n = pooled.length;
  const out = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const own = region.covariance[i]![j]!;
      const mixed = Number.isNaN(own) ? pooled[i]![j]! : (1 - toPooled) * own + toPooled * pooled[i]![j]!;
      out[i]![j] = i === j ? Math.max(mixed, 1e-6 * pooled[i]![i]!) : (1 - toDiagonal) * mixed;
    }
  return choleskyWithRidge(out).matrix;
}

/** Log-density of every region's two components at x (standardised; null = not measured). */
export type ComponentScores = { parametric: number[]; kernel: number[]; distances: number[]; dimension: number };

type Factor = { factor: Matrix; logDet: number };

/** Cholesky factors per region and per set of measured elements, computed once and reused. */
export class FactorCache {
  /** Per set of measured elements (its key), one factor per region. */
  private readonly cache = new Map<string, Factor[]>();
  constructor(private readonly covariances: readonly Matrix[]) {}
  forElements(observed: readonly number[]): Factor[] {
    const key = observed.join(',');
    let hit = this.cache.get(key);
    if (!hit) {
      hit = this.covariances.map((covariance) => {
        const { factor } = choleskyWithRidge(subMatrix(covariance, observed));
        return { factor, logDet: logDeterminant(factor) };
      });
      this.cache.set(key, hit);
    }
    return hit;
  }
}

const logTwoPi = Math.log(2 * Math.PI);

export function parametricLogDensity(distance: number, d: number, logDet: number, dof: number | null): number {
  if (dof === null) return -0.5 * (d * logTwoPi + logDet + distance);
  // Student-t with the same covariance: scale = Σ·(ν − 2)/ν.
  const ratio = (dof - 2) / dof;
  return (
    logGamma((dof + d) / 2) -
    logGamma(dof / 2) -
    (d / 2) * Math.log(dof * Math.PI) -
    0.5 * (logDet + d * Math.log(ratio)) -
    ((dof + d) / 2) * Math.log1p(distance / ratio / dof)
  );
}

function silverman(count: number, d: number): number {
  return (4 / (d + 2)) ** (1 / (d + 4)) * count ** (-1 / (d + 4));
}

/**
 * The region's complete references in the whitened space of a factor (L⁻¹·x), computed once per
 * factor: a query then costs one triangular solve plus O(d) per reference, not O(d²).
 */
const whitenedPoints = new WeakMap<Matrix, { values: Float64Array; count: number }>();

function whitened(points: readonly (number | null)[][], observed: readonly number[], factor: Matrix) {
  let hit = whitenedPoints.get(factor);
  if (!hit) {
    const d = observed.length;
    const values = new Float64Array(points.length * d);
    const v = new Array<number>(d);
    let count = 0;
    for (const p of points) {
      let complete = true;
      for (let i = 0; i < d; i++) {
        const value = p[observed[i]!];
        if (value === null || value === undefined) {
          complete = false;
          break;
        }
        v[i] = value;
      }
      if (!complete) continue;
      values.set(forwardSolve(factor, v), count * d);
      count++;
    }
    hit = { values, count };
    whitenedPoints.set(factor, hit);
  }
  return hit;
}

/** Squared Mahalanobis distances from xs to each of the region's complete references. */
function kernelDistances(
  xs: readonly number[],
  observed: readonly number[],
  points: readonly (number | null)[][],
  factor: Matrix,
): number[] {
  const y = forwardSolve(factor, xs);
  const d = observed.length;
  const { values, count } = whitened(points, observed, factor);
  const out = new Array<number>(count);
  for (let k = 0; k < count; k++) {
    let sum = 0;
    const base = k * d;
    for (let i = 0; i < d; i++) {
      const diff = y[i]! - values[base + i]!;
      sum += diff * diff;
    }
    out[k] = sum;
  }
  return out;
}

function kernelLogDensity(distances: readonly number[], d: number, logDet: number, h: number): number | null {
  if (distances.length === 0) return null;
  return (
    logSumExp(distances.map((s) => -s / (2 * h * h))) -
    Math.log(distances.length) -
    0.5 * (d * logTwoPi + logDet + 2 * d * Math.log(h))
  );
}

export function componentScores(
  x: readonly (number | null)[],
  regions: readonly { count: number; mean: number[]; points: (number | null)[][] }[],
  factors: FactorCache,
  settings: Pick<ModelSettings, 'degreesOfFreedom'> & { bandwidths: readonly number[] },
): ComponentScores & { kernels: number[][] } {
  const observed = observedOf(x);
  const d = observed.length;
  const xs = observed.map((j) => x[j]!);
  const parametric: number[] = [];
  const kernels: number[][] = settings.bandwidths.map(() => []);
  const distances: number[] = [];
  const regionFactors = factors.forElements(observed);
  regions.forEach((region, k) => {
    const { factor, logDet } = regionFactors[k]!;
    // Predictive covariance Σ·(1 + 1/n): the region's mean is itself an estimate.
    const inflation = 1 + 1 / region.count;
    const diff = observed.map((j, i) => xs[i]! - region.mean[j]!);
    const distance = squaredNorm(forwardSolve(factor, diff)) / inflation;
    distances.push(distance);
    const own = parametricLogDensity(distance, d, logDet + d * Math.log(inflation), settings.degreesOfFreedom);
    parametric.push(own);
    const near = kernelDistances(xs, observed, region.points, factor);
    settings.bandwidths.forEach((bandwidth, b) => {
      const h = bandwidth * silverman(region.count, d);
      kernels[b]!.push(kernelLogDensity(near, d, logDet, h) ?? own);
    });
  });
  return { parametric, kernel: kernels[0]!, kernels, distances, dimension: d };
}

export function combine(scores: ComponentScores, logPrior: readonly number[], settings: ModelSettings): number[] {
  const a = softmax(scores.parametric.map((v, k) => v + logPrior[k]!));
  const b = softmax(scores.kernel.map((v, k) => v + logPrior[k]!));
  const mixed = a.map((p, k) => (1 - settings.kernelWeight) * p + settings.kernelWeight * b[k]!);
  return softmax(
    mixed.map((p, k) => (logPrior[k] === -Infinity ? -Infinity : Math.log(Math.max(p, 1e-300)) / settings.temperature)),
  );
}

export function observedOf(x: readonly (number | null)[]): number[] {
  const out: number[] = [];
  x.forEach((v, j) => {
    if (v !== null) out.push(j);
  });
  return out;
}
