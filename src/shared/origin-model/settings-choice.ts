// How the origin model chooses its settings: every one (both shrinkages, the tail, the bandwidth,
// the mix and the temperature) by stratified cross-validated log loss on the training records
// only, so that figures computed by refitting without a held-out record stay honest.
import { forwardSolve, squaredNorm } from './matrix.ts';
import {
  FactorCache,
  componentScores,
  observedOf,
  parametricLogDensity,
  regularise,
  summarise,
  type ModelSettings,
  type Standardised,
} from './region-density.ts';
import { softmax } from './statistics.ts';

const shrinkToPooledGrid = [0, 0.25, 0.5, 0.75, 1];
const shrinkToDiagonalGrid = [0, 0.3, 0.7];
const degreesOfFreedomGrid: (number | null)[] = [null, 10, 5];
const bandwidthGrid = [0.5, 0.75, 1, 1.5, 2];
const kernelWeightGrid = [0, 0.25, 0.5, 0.75, 1];
const temperatureGrid = [0.6, 0.7, 0.8, 0.9, 1, 1.15, 1.3, 1.5, 1.75, 2, 2.5];

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
export function chooseSettings(data: readonly Standardised[], dimension: number, capPerRegion: number): ModelSettings {
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

function argMin(values: readonly number[]): number {
  let best = 0;
  values.forEach((v, i) => {
    if (v < values[best]!) best = i;
  });
  return best;
}
