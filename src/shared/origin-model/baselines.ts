// Reference classifiers the origin model is measured against in the same run (bench and tests):
// nearest centroid and a Gaussian per region with a diagonal covariance (both see the same
// standardised elements and marginalise missing ones the same way), and the two tree ensembles,
// random forest and ExtraTrees (forest.ts).
import type { ElementValues, ReferenceSample } from './estimator.ts';
import { fitForest, forestProbabilities, type ForestKind } from './forest.ts';
import { softmax } from './statistics.ts';
import type { Learner } from './validation.ts';

type RegionMoments = { region: string; mean: number[]; variance: number[] };

function moments(train: readonly ReferenceSample[]) {
  const elements = [
    ...new Set(train.flatMap((r) => Object.keys(r.values).filter((e) => isMeasured(r.values[e])))),
  ].sort();
  const all = elements.map((e) => train.map((r) => r.values[e]).filter(isMeasured));
  const center = all.map((v) => mean(v));
  const scale = all.map((v, j) => Math.sqrt(variance(v, center[j]!)) || 1);
  const regions = [...new Set(train.map((r) => r.region))].sort();
  const perRegion: RegionMoments[] = regions.map((region) => {
    const rows = train.filter((r) => r.region === region);
    const columns = elements.map((e, j) =>
      rows
        .map((r) => r.values[e])
        .filter(isMeasured)
        .map((v) => (v - center[j]!) / scale[j]!),
    );
    const m = columns.map((c) => (c.length ? mean(c) : 0));
    return { region, mean: m, variance: columns.map((c, j) => (c.length > 1 ? variance(c, m[j]!) : 1) + 1e-9) };
  });
  const standardise = (values: ElementValues) =>
    elements.map((e, j) => {
      const v = values[e];
      return isMeasured(v) ? (v - center[j]!) / scale[j]! : null;
    });
  return { perRegion, standardise };
}

/** Nearest centroid in standardised units; probabilities from exp(−d²/2) so log loss is defined. */
export const nearestCentroidLearner: Learner = (train) => {
  const { perRegion, standardise } = moments(train);
  return (values) => {
    const x = standardise(values);
    const scores = perRegion.map(
      (r) => -0.5 * x.reduce<number>((s, v, j) => (v === null ? s : s + (v - r.mean[j]!) ** 2), 0),
    );
    const p = softmax(scores);
    return Object.fromEntries(perRegion.map((r, k) => [r.region, p[k]!]));
  };
};

/** A Gaussian per region with a diagonal covariance (Gaussian naive Bayes). */
export const diagonalGaussianLearner: Learner = (train) => {
  const { perRegion, standardise } = moments(train);
  return (values) => {
    const x = standardise(values);
    const scores = perRegion.map((r) =>
      x.reduce<number>(
        (s, v, j) =>
          v === null ? s : s - 0.5 * (Math.log(2 * Math.PI * r.variance[j]!) + (v - r.mean[j]!) ** 2 / r.variance[j]!),
        0,
      ),
    );
    const p = softmax(scores);
    return Object.fromEntries(perRegion.map((r, k) => [r.region, p[k]!]));
  };
};

function isMeasured(v: number | null | undefined): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}
function mean(v: readonly number[]): number {
  return v.reduce((s, x) => s + x, 0) / v.length;
}
function variance(v: readonly number[], m: number): number {
  return v.reduce((s, x) => s + (x - m) ** 2, 0) / Math.max(1, v.length - 1);
}

/**
 * Rows of the training set as a dense matrix for the tree ensembles: every element measured in the
 * training set, a missing value replaced by that element's training mean (a tree has no way to
 * marginalise it out).
 */
export function denseRows(train: readonly ReferenceSample[]) {
  const elements = [
    ...new Set(train.flatMap((r) => Object.keys(r.values).filter((e) => isMeasured(r.values[e])))),
  ].sort();
  const fill = elements.map((e) => mean(train.map((r) => r.values[e]).filter(isMeasured)));
  const regions = [...new Set(train.map((r) => r.region))].sort();
  const regionIndex = new Map(regions.map((r, i) => [r, i]));
  const row = (values: ElementValues) =>
    elements.map((e, j) => {
      const v = values[e];
      return isMeasured(v) ? v : fill[j]!;
    });
  const x = new Float64Array(train.length * elements.length);
  train.forEach((r, i) => x.set(row(r.values), i * elements.length));
  const y = Int32Array.from(train, (r) => regionIndex.get(r.region)!);
  return { elements, regions, row, x, y };
}

/** A tree ensemble with scikit-learn's defaults (Gini, √features per split, fully grown). */
function forestLearner(kind: ForestKind, trees = 300, seed = 1): Learner {
  return (train) => {
    const { elements, regions, row, x, y } = denseRows(train);
    const forest = fitForest(x, y, regions.length, elements.length, { kind, trees, seed });
    return (values) => {
      const p = forestProbabilities(forest, row(values));
      return Object.fromEntries(regions.map((r, k) => [r, p[k]!]));
    };
  };
}

export const randomForestLearner = forestLearner('random-forest');
export const extraTreesLearner = forestLearner('extra-trees');
