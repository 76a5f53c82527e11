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
// - The densities are then mixed with ExtraTrees (forest.ts) and tempered again: trees see
//   interactions and thresholds that densities with shrunk covariances miss, densities give the
//   better-shaped probabilities (bench: neither alone is best on every set).
// - Every choice (both shrinkages, the tail, the bandwidth, both mixes and both temperatures) is
//   made by stratified cross-validated log loss on the training records only, so held-out
//   figures computed by refitting without the held-out records are honest.
// Missing elements are marginalised out: a Gaussian's marginal is the sub-vector and sub-matrix.
//
// The densities are in region-density.ts, the choice of settings in settings-choice.ts.
import {
  FactorCache,
  combine,
  componentScores,
  isMeasured,
  regularise,
  summarise,
  type ModelSettings,
  type Standardised,
} from './region-density.ts';
import {
  deserialiseForest,
  fitForest,
  forestProbabilities,
  serialiseForest,
  type Forest,
  type SerialisedForest,
} from './forest.ts';
import type { Matrix } from './matrix.ts';
import { chooseSettings, stratifiedFolds } from './settings-choice.ts';
import { softmax } from './statistics.ts';

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
  /**
   * The tree ensemble the densities are mixed with (ExtraTrees over the standardised elements, an
   * unmeasured one read as the mean; classes in `regions` order), and the mix: absent when the
   * cross-validated choice gave the trees no weight, so the cached model stays small.
   */
  trees?: SerialisedForest;
  ensemble?: EnsembleSettings;
};

export type EnsembleSettings = {
  /** Share of the trees' probabilities in the mix (0 = the densities alone). */
  treeWeight: number;
  /** Temperature applied to the mix. */
  temperature: number;
};

export type FitOptions = {
  /** Fixed settings (skips the cross-validated choice); used by baselines and tests. */
  settings?: ModelSettings;
  /** Cap per region on the records used to choose settings, so fitting stays fast on large sets. */
  selectionCapPerRegion?: number;
  /** Trees in the ensemble mixed with the densities; 0 fits the densities alone. */
  trees?: number;
  /** Seed of the trees' random choices, so a refit on the same records gives the same model. */
  seed?: number;
};

/** Trees in the model's ExtraTrees. */
export const defaultTreeCount = 300;
/**
 * Trees in each inner fold's ExtraTrees while the mix is chosen: as many as the model's, but 100
 * on sets larger than 1,000 references, so the server's fit stays within seconds there.
 */
const innerTreeCount = 100;
const innerTreeCountAbove = 1000;
/**
 * Leaves hold at least n / this many references, so a tree has at most about this many leaves:
 * on a laboratory-sized set the trees grow until pure, as scikit-learn's; on the 3,876-row
 * tap-water set the leaves hold 16, which keeps the cached model near a megabyte and its
 * probabilities smoother.
 */
const leavesPerTree = 250;
/** Inner folds over the training records that choose the mix and its temperature. */
const ensembleFolds = 5;
const treeWeightGrid = Array.from({ length: 21 }, (_, i) => i / 20);
const ensembleTemperatureGrid = [0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.15, 1.3, 1.5, 2];

/** Elements measured in at least this share of the references are modelled. */
const minElementCoverage = 0.5;

export function regionOf(sample: { region?: string | null; countryCode?: string | null }): string | null {
  const region = sample.region?.trim() || sample.countryCode?.trim();
  return region ? region : null;
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
  const densities: OriginModel = {
    elements,
    center,
    scale,
    regions,
    settings,
    referenceCount: kept.length,
    excludedRegions,
  };
  const treeCount = options.trees ?? defaultTreeCount;
  if (treeCount <= 0 || regions.length < 2) return densities;
  return withTrees(densities, kept, treeCount, options.seed ?? 1);
}

/**
 * Mixes the densities with ExtraTrees. The weight and the temperature are chosen by stratified
 * cross-validated log loss over the training records alone: in each inner fold both the densities
 * (with the settings already chosen) and the trees are refitted without the fold and judged on it.
 */
function withTrees(densities: OriginModel, kept: readonly ReferenceSample[], trees: number, seed: number): OriginModel {
  const regionIndex = new Map(densities.regions.map((r, i) => [r.region, i]));
  const fold = stratifiedFolds(
    kept.map((r) => r.region),
    ensembleFolds,
  );
  const truth: number[] = [];
  const fromDensities: number[][] = [];
  const fromTrees: number[][] = [];
  for (let f = 0; f < ensembleFolds; f++) {
    const train = kept.filter((_, i) => fold[i] !== f);
    const test = kept.filter((_, i) => fold[i] === f);
    if (test.length === 0) continue;
    const inner = fitOriginModel(train, { settings: densities.settings, trees: 0 });
    // A region may fall out of an inner fit (too few left): its probability there is 0.
    const innerIndex = inner.regions.map((r) => regionIndex.get(r.region)!);
    const forest = fitTrees(
      densities,
      train,
      regionIndex,
      kept.length > innerTreeCountAbove ? Math.min(trees, innerTreeCount) : trees,
      seed + f + 1,
    );
    for (const t of test) {
      truth.push(regionIndex.get(t.region)!);
      const p = new Array<number>(densities.regions.length).fill(0);
      predictDensities(inner, t.values).forEach((v, k) => (p[innerIndex[k]!] = v));
      fromDensities.push(p);
      fromTrees.push(forestProbabilities(forest, treeRow(densities, t.values)));
    }
  }
  let best = { loss: Infinity, treeWeight: 0, temperature: 1 };
  for (const w of treeWeightGrid)
    for (const temperature of ensembleTemperatureGrid) {
      let loss = 0;
      truth.forEach((k, i) => {
        const p = mix(fromDensities[i]!, fromTrees[i]!, w, temperature);
        loss -= Math.log(Math.max(p[k]!, 1e-15));
      });
      loss /= truth.length;
      if (loss < best.loss - 1e-9) best = { loss, treeWeight: w, temperature };
    }
  const ensemble: EnsembleSettings = { treeWeight: best.treeWeight, temperature: best.temperature };
  if (ensemble.treeWeight === 0) return { ...densities, ensemble };
  const forest = fitTrees(densities, kept, regionIndex, trees, seed);
  return { ...densities, trees: serialiseForest(forest), ensemble };
}

function fitTrees(
  model: OriginModel,
  records: readonly ReferenceSample[],
  regionIndex: ReadonlyMap<string, number>,
  trees: number,
  seed: number,
): Forest {
  const d = model.elements.length;
  const x = new Float64Array(records.length * d);
  records.forEach((r, i) => x.set(treeRow(model, r.values), i * d));
  const y = Int32Array.from(records, (r) => regionIndex.get(r.region)!);
  const minSamplesLeaf = Math.max(1, Math.ceil(records.length / leavesPerTree));
  return fitForest(x, y, model.regions.length, d, { kind: 'extra-trees', trees, seed, minSamplesLeaf });
}

/** The trees read standardised values; an element not measured is read as the mean (0). */
function treeRow(model: OriginModel, values: ElementValues): number[] {
  return standardise(model, values).map((v) => v ?? 0);
}

/** (1 − w) · densities + w · trees, tempered. Both are probabilities over the same regions. */
function mix(densities: readonly number[], trees: readonly number[], w: number, temperature: number): number[] {
  return softmax(
    densities.map((p, k) => {
      const m = (1 - w) * p + w * trees[k]!;
      return m > 0 ? Math.log(m) / temperature : -Infinity;
    }),
  );
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
  const densities = combine(scores, logPrior, model.settings);
  const forest = modelForest(model);
  const ensemble = model.ensemble;
  const probabilities = !ensemble
    ? densities
    : mix(
        densities,
        forest
          ? withPrior(
              forestProbabilities(
                forest,
                x.map((v) => v ?? 0),
              ),
              logPrior,
            )
          : densities,
        forest ? ensemble.treeWeight : 0,
        ensemble.temperature,
      );
  return { probabilities, distances: scores.distances, dimension: scores.dimension };
}

/** The densities' probabilities alone (the inner folds of the ensemble's choice). */
function predictDensities(model: OriginModel, values: ElementValues): number[] {
  const scores = componentScores(standardise(model, values), model.regions, modelFactors(model), {
    degreesOfFreedom: model.settings.degreesOfFreedom,
    bandwidths: [model.settings.bandwidth],
  });
  return combine(
    scores,
    model.regions.map(() => 0),
    model.settings,
  );
}

/** The trees' probabilities restricted to the prior's regions (their training shares otherwise). */
function withPrior(p: readonly number[], logPrior: readonly number[]): number[] {
  const kept = p.map((v, k) => (logPrior[k] === -Infinity ? 0 : v));
  const total = kept.reduce((s, v) => s + v, 0);
  return total > 0 ? kept.map((v) => v / total) : kept;
}

const forests = new WeakMap<OriginModel, Forest>();

function modelForest(model: OriginModel): Forest | null {
  if (!model.trees) return null;
  let forest = forests.get(model);
  if (!forest) {
    forest = deserialiseForest(model.trees);
    forests.set(model, forest);
  }
  return forest;
}

function priorFor(model: OriginModel, priorRegions?: readonly string[]): number[] {
  const allowed = new Set(priorRegions ?? []);
  const known = model.regions.filter((r) => allowed.has(r.region)).length;
  if (known === 0) return model.regions.map(() => 0);
  return model.regions.map((r) => (allowed.has(r.region) ? -Math.log(known) : -Infinity));
}
