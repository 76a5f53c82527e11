// The densities mixed with ExtraTrees (forest.ts) and tempered: trees see interactions and
// thresholds that densities with shrunk covariances miss, densities give the better-shaped
// probabilities. The mix and its temperature are chosen by nested cross-validated log loss on the
// training records only, the densities' side of it included (innerDensities).
import { deserialiseForest, fitForest, forestProbabilities, serialiseForest, type Forest } from './forest.ts';
import { predictDensities, standardise } from './model-scores.ts';
import type { ElementValues, EnsembleSettings, OriginModel, ReferenceSample } from './model-types.ts';
import { stratifiedFolds } from './settings-choice.ts';
import { softmax } from './statistics.ts';

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

/**
 * The densities' out-of-fold probabilities on the inner folds that choose the mix: each record's
 * come from densities fitted without its fold.
 */
export type InnerDensities = {
  /** Inner fold of each of the model's references (stratified, in their order). */
  fold: number[];
  /** Per inner fold, the densities fitted on the other folds (absent for an empty fold). */
  models: (OriginModel | undefined)[];
  /** Per reference, its fold's densities' probabilities in the model's `regions` order. */
  probabilities: number[][];
};

/**
 * Refits the densities without each inner fold and gives each reference's probabilities from the
 * densities that did not see it. `fitDensities` must choose whatever it chooses (estimator.ts:
 * every density setting) from `train` alone, or the fold's records will have shaped their own
 * probabilities.
 */
export function innerDensities(
  densities: OriginModel,
  kept: readonly ReferenceSample[],
  fitDensities: (train: readonly ReferenceSample[]) => OriginModel,
): InnerDensities {
  const regionIndex = new Map(densities.regions.map((r, i) => [r.region, i]));
  const fold = stratifiedFolds(
    kept.map((r) => r.region),
    ensembleFolds,
  );
  const models: (OriginModel | undefined)[] = [];
  const probabilities: number[][] = new Array<number[]>(kept.length);
  for (let f = 0; f < ensembleFolds; f++) {
    const test = kept.flatMap((_, i) => (fold[i] === f ? [i] : []));
    if (test.length === 0) {
      models.push(undefined);
      continue;
    }
    const inner = fitDensities(kept.filter((_, i) => fold[i] !== f));
    models.push(inner);
    // A region may fall out of an inner fit (too few left): its probability there is 0.
    const innerIndex = inner.regions.map((r) => regionIndex.get(r.region)!);
    for (const i of test) {
      const p = new Array<number>(densities.regions.length).fill(0);
      predictDensities(inner, kept[i]!.values).forEach((v, k) => (p[innerIndex[k]!] = v));
      probabilities[i] = p;
    }
  }
  return { fold, models, probabilities };
}

/**
 * Mixes the densities with ExtraTrees. The weight and the temperature are chosen by stratified
 * cross-validated log loss over the training records alone: in each inner fold the trees are
 * refitted without the fold and judged on it, beside the densities' own out-of-fold probabilities
 * (`innerDensities`).
 */
export function withTrees(
  densities: OriginModel,
  kept: readonly ReferenceSample[],
  trees: number,
  seed: number,
  inner: InnerDensities,
): OriginModel {
  const regionIndex = new Map(densities.regions.map((r, i) => [r.region, i]));
  const { fold } = inner;
  const truth: number[] = [];
  const fromDensities: number[][] = [];
  const fromTrees: number[][] = [];
  for (let f = 0; f < ensembleFolds; f++) {
    const test = kept.flatMap((_, i) => (fold[i] === f ? [i] : []));
    if (test.length === 0) continue;
    const forest = fitTrees(
      densities,
      kept.filter((_, i) => fold[i] !== f),
      regionIndex,
      kept.length > innerTreeCountAbove ? Math.min(trees, innerTreeCount) : trees,
      seed + f + 1,
    );
    for (const i of test) {
      const t = kept[i]!;
      truth.push(regionIndex.get(t.region)!);
      fromDensities.push(inner.probabilities[i]!);
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

/** The model's probabilities: its densities' alone, or mixed with its trees (restricted to the prior). */
export function ensembleProbabilities(
  model: OriginModel,
  densities: number[],
  x: readonly (number | null)[],
  logPrior: readonly number[],
): number[] {
  const ensemble = model.ensemble;
  if (!ensemble) return densities;
  const forest = modelForest(model);
  if (!forest) return mix(densities, densities, 0, ensemble.temperature);
  const trees = withPrior(
    forestProbabilities(
      forest,
      x.map((v) => v ?? 0),
    ),
    logPrior,
  );
  return mix(densities, trees, ensemble.treeWeight, ensemble.temperature);
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
