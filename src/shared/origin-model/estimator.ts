// The origin model as an estimator: `fitOriginModel(records)` learns plain, JSON-serialisable
// parameters (cacheable per version of the reference set, and shipped to the browser for the
// offline real-time analysis); `predictRegionProbabilities(model, values)` is pure.
//
// What it is, and why (measured in bench/origin-model.bench.ts against baselines in the same run):
// - Each region is described twice. (A) A regularised Gaussian or Student-t density: the region's
//   covariance shrunk toward the pooled within-region covariance (few references per region) and
//   toward its own diagonal, inflated for the uncertainty of the mean (1 + 1/n), with heavier
//   tails when the data ask for them. (B) A kernel density over the region's references, shaped
//   by the same covariance, for regions that are not one ellipse (several harvests, several sites).
// - The two are mixed and the result tempered so that the probabilities are calibrated.
// - Every choice (both shrinkages, the tail, the bandwidth, the mix and the temperature) is made
//   by stratified cross-validated log loss on the training records only, so leave-one-out figures
//   computed by refitting without the held-out record are honest.
// Missing elements are marginalised out: a Gaussian's marginal is the sub-vector and sub-matrix.
import { choleskyWithRidge, forwardSolve, logDeterminant, squaredNorm, subMatrix, type Matrix } from './matrix.ts';
import { logGamma, logSumExp, softmax } from './statistics.ts';

/** The stable isotopes the laboratory measures; further elements come from the reference data. */
export const isotopeElements = ['d13C', 'd2H', 'd18O', 'd15N', 'd34S'] as const;

/** A region needs this many references to be modelled (fewer cannot give a covariance). */
export const minReferencesPerRegion = 5;

export type ElementValues = Readonly<Record<string, number | null | undefined>>;

export type ReferenceSample = {
  region: string;
  values: ElementValues;
  latitude?: number | null;
  longitude?: number | null;
};

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

export type RegionParameters = {
  region: string;
  count: number;
  /** Standardised mean and regularised covariance, one entry per model element. */
  mean: number[];
  covariance: Matrix;
  /** Standardised reference values for the kernel density (null where not measured). */
  points: (number | null)[][];
  locations: { latitude: number; longitude: number }[];
};

export type OriginModel = {
  elements: string[];
  /** Standardisation: value' = (value − center) / scale, per element. */
  center: number[];
  scale: number[];
  regions: RegionParameters[];
  settings: ModelSettings;
  referenceCount: number;
  /** Regions left out for having fewer than `minReferencesPerRegion` references. */
  excludedRegions: { region: string; count: number }[];
};

export type FitOptions = {
  /** Fixed settings (skips the cross-validated choice); used by baselines and tests. */
  settings?: ModelSettings;
  /** Cap per region on the records used to choose settings, so fitting stays fast on large sets. */
  selectionCapPerRegion?: number;
};

type Standardised = { region: string; x: (number | null)[] };

const shrinkToPooledGrid = [0, 0.25, 0.5, 0.75, 1];
const shrinkToDiagonalGrid = [0, 0.3, 0.7];
const degreesOfFreedomGrid: (number | null)[] = [null, 10, 5];
const bandwidthGrid = [0.5, 0.75, 1, 1.5, 2];
const kernelWeightGrid = [0, 0.25, 0.5, 0.75, 1];
const temperatureGrid = [0.6, 0.7, 0.8, 0.9, 1, 1.15, 1.3, 1.5, 1.75, 2, 2.5];

/** Elements measured in at least this share of the references are modelled. */
const minElementCoverage = 0.5;

export function regionOf(sample: { region?: string | null; countryCode?: string | null }): string | null {
  const region = sample.region?.trim() || sample.countryCode?.trim();
  return region ? region : null;
}

function isMeasured(v: number | null | undefined): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

export function fitOriginModel(records: readonly ReferenceSample[], options: FitOptions = {}): OriginModel {
  const counts = new Map<string, number>();
  for (const r of records) counts.set(r.region, (counts.get(r.region) ?? 0) + 1);
  const kept = records.filter((r) => (counts.get(r.region) ?? 0) >= minReferencesPerRegion);
  const excludedRegions = [...counts]
    .filter(([, n]) => n < minReferencesPerRegion)
    .map(([region, count]) => ({ region, count }))
    .sort((a, b) => a.region.localeCompare(b.region));

  const elements = chooseElements(kept);
  const center: number[] = [];
  const scale: number[] = [];
  for (const element of elements) {
    const values = kept.map((r) => r.values[element]).filter(isMeasured);
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / Math.max(1, values.length - 1);
    center.push(mean);
    scale.push(Math.sqrt(variance) || 1);
  }
  const standardised: Standardised[] = kept.map((r) => ({
    region: r.region,
    x: elements.map((e, j) => {
      const v = r.values[e];
      return isMeasured(v) ? (v - center[j]!) / scale[j]! : null;
    }),
  }));

  const settings =
    options.settings ?? chooseSettings(standardised, elements.length, options.selectionCapPerRegion ?? 60);
  const summary = summarise(standardised, elements.length);
  const regions: RegionParameters[] = summary.regions.map((s) => ({
    region: s.region,
    count: s.count,
    mean: s.mean,
    covariance: regularise(s, summary.pooled, settings.shrinkToPooled, settings.shrinkToDiagonal),
    points: s.points,
    locations: kept
      .filter((r) => r.region === s.region && isMeasured(r.latitude) && isMeasured(r.longitude))
      .map((r) => ({ latitude: r.latitude!, longitude: r.longitude! })),
  }));
  return { elements, center, scale, regions, settings, referenceCount: kept.length, excludedRegions };
}

function chooseElements(records: readonly ReferenceSample[]): string[] {
  const seen = new Map<string, number>();
  for (const r of records)
    for (const [element, v] of Object.entries(r.values))
      if (isMeasured(v)) seen.set(element, (seen.get(element) ?? 0) + 1);
  const isotopes: readonly string[] = isotopeElements;
  return [...seen]
    .filter(([, n]) => n >= Math.max(2, records.length * minElementCoverage))
    .map(([element]) => element)
    .sort((a, b) => {
      const ia = isotopes.indexOf(a);
      const ib = isotopes.indexOf(b);
      if (ia !== -1 || ib !== -1) return (ia === -1 ? 99 : ia) - (ib === -1 ? 99 : ib);
      return a.localeCompare(b);
    });
}

type RegionSummary = {
  region: string;
  count: number;
  mean: number[];
  /** Sample covariance from pairwise-complete references. */
  covariance: Matrix;
  points: (number | null)[][];
};

function summarise(data: readonly Standardised[], dimension: number) {
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

function regularise(region: RegionSummary, pooled: Matrix, toPooled: number, toDiagonal: number): Matrix {
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
type ComponentScores = { parametric: number[]; kernel: number[]; distances: number[]; dimension: number };

type Factor = { factor: Matrix; logDet: number };

/** Cholesky factors per region and per set of measured elements, computed once and reused. */
class FactorCache {
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

function parametricLogDensity(distance: number, d: number, logDet: number, dof: number | null): number {
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

function componentScores(
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

function combine(scores: ComponentScores, logPrior: readonly number[], settings: ModelSettings): number[] {
  const a = softmax(scores.parametric.map((v, k) => v + logPrior[k]!));
  const b = softmax(scores.kernel.map((v, k) => v + logPrior[k]!));
  const mixed = a.map((p, k) => (1 - settings.kernelWeight) * p + settings.kernelWeight * b[k]!);
  return softmax(
    mixed.map((p, k) => (logPrior[k] === -Infinity ? -Infinity : Math.log(Math.max(p, 1e-300)) / settings.temperature)),
  );
}

export function standardise(model: OriginModel, values: ElementValues): (number | null)[] {
  return model.elements.map((e, j) => {
    const v = values[e];
    return isMeasured(v) ? (v - model.center[j]!) / model.scale[j]! : null;
  });
}

const factorCaches = new WeakMap<OriginModel, FactorCache>();

export function modelFactors(model: OriginModel): FactorCache {
  let cache = factorCaches.get(model);
  if (!cache) {
    cache = new FactorCache(model.regions.map((r) => r.covariance));
    factorCaches.set(model, cache);
  }
  return cache;
}

export type RegionScores = {
  probabilities: number[];
  /** Squared Mahalanobis distance to each region (predictive covariance). */
  distances: number[];
  /** Number of measured model elements used. */
  dimension: number;
};

/**
 * The probability of each of the model's regions (in `model.regions` order) for measured values.
 * `priorRegions` restricts the prior to those regions (the booking's expected origins); regions
 * the model does not know are ignored, and an empty intersection falls back to the uniform prior.
 */
export function predictRegionProbabilities(
  model: OriginModel,
  values: ElementValues,
  priorRegions?: readonly string[],
): RegionScores {
  const x = standardise(model, values);
  const logPrior = priorFor(model, priorRegions);
  const scores = componentScores(x, model.regions, modelFactors(model), {
    degreesOfFreedom: model.settings.degreesOfFreedom,
    bandwidths: [model.settings.bandwidth],
  });
  return {
    probabilities: combine(scores, logPrior, model.settings),
    distances: scores.distances,
    dimension: scores.dimension,
  };
}

function priorFor(model: OriginModel, priorRegions?: readonly string[]): number[] {
  const allowed = new Set(priorRegions ?? []);
  const known = model.regions.filter((r) => allowed.has(r.region)).length;
  if (known === 0) return model.regions.map(() => 0);
  return model.regions.map((r) => (allowed.has(r.region) ? -Math.log(known) : -Infinity));
}

/** Stratified fold number for each record: round-robin within each region, in input order. */
export function stratifiedFolds(regions: readonly string[], folds: number): number[] {
  const seen = new Map<string, number>();
  return regions.map((region) => {
    const i = seen.get(region) ?? 0;
    seen.set(region, i + 1);
    return i % folds;
  });
}

/** Chooses every setting by cross-validated log loss on these records only. */
function chooseSettings(data: readonly Standardised[], dimension: number, capPerRegion: number): ModelSettings {
  const taken = new Map<string, number>();
  const sample = data.filter((d) => {
    const n = taken.get(d.region) ?? 0;
    taken.set(d.region, n + 1);
    return n < capPerRegion;
  });
  const smallest = Math.min(...taken.values(), capPerRegion);
  const folds = Math.max(2, Math.min(5, smallest));
  const fold = stratifiedFolds(
    sample.map((d) => d.region),
    folds,
  );
  const splits = Array.from({ length: folds }, (_, f) => {
    const summary = summarise(
      sample.filter((_, i) => fold[i] !== f),
      dimension,
    );
    const regionIndex = new Map(summary.regions.map((r, i) => [r.region, i]));
    const test = sample.filter((_, i) => fold[i] === f);
    return { summary, test, truth: test.map((t) => regionIndex.get(t.region)!) };
  });
  const truth = splits.flatMap((s) => s.truth);
  const logLoss = (probabilities: number[][]) =>
    probabilities.reduce((s, p, i) => s - Math.log(Math.max(p[truth[i]!]!, 1e-15)), 0) / probabilities.length;
  const toProbabilities = (scores: number[][]) => scores.map((s) => softmax(s));

  // 1. The parametric component: both shrinkages and the tail.
  const shrinkPairs = shrinkToPooledGrid.flatMap((p) => shrinkToDiagonalGrid.map((q) => [p, q] as const));
  let bestParametric = { loss: Infinity, pair: shrinkPairs[0]!, dof: null as number | null, scores: [] as number[][] };
  for (const pair of shrinkPairs) {
    const perDof: number[][][] = degreesOfFreedomGrid.map(() => []);
    for (const { summary, test } of splits) {
      const factors = new FactorCache(summary.regions.map((r) => regularise(r, summary.pooled, pair[0], pair[1])));
      for (const t of test) {
        const observed = observedOf(t.x);
        const d = observed.length;
        const regionFactors = factors.forElements(observed);
        const distances = summary.regions.map((r, k) => {
          const diff = observed.map((j) => t.x[j]! - r.mean[j]!);
          return squaredNorm(forwardSolve(regionFactors[k]!.factor, diff)) / (1 + 1 / r.count);
        });
        const logDets = summary.regions.map((r, k) => regionFactors[k]!.logDet + d * Math.log(1 + 1 / r.count));
        degreesOfFreedomGrid.forEach((dof, v) => {
          perDof[v]!.push(distances.map((distance, k) => parametricLogDensity(distance, d, logDets[k]!, dof)));
        });
      }
    }
    degreesOfFreedomGrid.forEach((dof, v) => {
      const loss = logLoss(toProbabilities(perDof[v]!));
      if (loss < bestParametric.loss - 1e-9) bestParametric = { loss, pair, dof, scores: perDof[v]! };
    });
  }
  const [toPooled, toDiagonal] = bestParametric.pair;

  // 2. The kernel density, shaped by the chosen covariance: its bandwidth.
  const kernel: number[][][] = bandwidthGrid.map(() => []);
  for (const { summary, test } of splits) {
    const factors = new FactorCache(summary.regions.map((r) => regularise(r, summary.pooled, toPooled, toDiagonal)));
    for (const t of test) {
      const { kernels } = componentScores(t.x, summary.regions, factors, {
        degreesOfFreedom: null,
        bandwidths: bandwidthGrid,
      });
      kernels.forEach((scores, b) => kernel[b]!.push(scores));
    }
  }
  const kernelLoss = kernel.map((scores) => logLoss(toProbabilities(scores)));
  const bestKernel = argMin(kernelLoss);

  // 3. The mix of the two and the temperature that calibrates it.
  const a = toProbabilities(bestParametric.scores);
  const b = toProbabilities(kernel[bestKernel]!);
  let best = { loss: Infinity, kernelWeight: 0, temperature: 1 };
  for (const w of kernelWeightGrid)
    for (const temperature of temperatureGrid) {
      const mixed = a.map((p, i) =>
        softmax(p.map((v, k) => Math.log(Math.max((1 - w) * v + w * b[i]![k]!, 1e-300)) / temperature)),
      );
      const loss = logLoss(mixed);
      if (loss < best.loss - 1e-9) best = { loss, kernelWeight: w, temperature };
    }
  return {
    shrinkToPooled: toPooled,
    shrinkToDiagonal: toDiagonal,
    degreesOfFreedom: bestParametric.dof,
    bandwidth: bandwidthGrid[bestKernel]!,
    kernelWeight: best.kernelWeight,
    temperature: best.temperature,
  };
}

function observedOf(x: readonly (number | null)[]): number[] {
  const out: number[] = [];
  x.forEach((v, j) => {
    if (v !== null) out.push(j);
  });
  return out;
}

function argMin(values: readonly number[]): number {
  let best = 0;
  values.forEach((v, i) => {
    if (v < values[best]!) best = i;
  });
  return best;
}
