// The densities mixed with ExtraTrees (forest.ts) and tempered: trees see interactions and
// thresholds that densities with shrunk covariances miss, densities give the better-shaped
// probabilities. The mix and its temperature are chosen by nested cross-validated log loss on the
// training records only.
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
 * Mixes the densities with ExtraTrees. The weight and the temperature are chosen by stratified
 * cross-validated log loss over the training records alone: in each inner fold both the densities
 * (with the settings already chosen) and the trees are refitted without the fold and judged on it.
 */
export function withTrees(
  densities: OriginModel,
  kept: readonly ReferenceSample[],
  trees: number,
  seed: number,
  /** Refits the densities alone, with the settings already chosen (estimator.ts's fit). */
  fitDensities: (train: readonly ReferenceSample[]) => OriginModel,
): OriginModel {
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
    const inner = fitDensities(train);
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
