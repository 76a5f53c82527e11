// How far to trust the origin model: every figure is computed on held-out records (leave-one-out,
// for small sets, stratified 10-fold otherwise), refitting the whole model, settings choice included,
// without the records it is judged on.
import { fitOriginModel, minReferencesPerRegion, predictRegionProbabilities } from './estimator.ts';
import { stratifiedFolds } from './settings-choice.ts';
import type { ElementValues, ReferenceSample } from './estimator.ts';

/** Probability per region the learner knows. */
type Predictor = (values: ElementValues) => Record<string, number>;
export type Learner = (train: readonly ReferenceSample[]) => Predictor;

export type ValidationMethod = 'leave-one-out' | { folds: number };

type CalibrationBin = { from: number; to: number; count: number; meanConfidence: number; accuracy: number };

export type ValidationReport = {
  method: 'leave-one-out' | 'k-fold';
  folds: number;
  sampleCount: number;
  regions: string[];
  accuracy: number;
  logLoss: number;
  /** Expected calibration error of the top prediction's probability, 10 equal-width bins. */
  expectedCalibrationError: number;
  calibration: CalibrationBin[];
  /** confusion[i][j]: records of regions[i] predicted as regions[j]. */
  confusion: number[][];
  perRegion: { region: string; count: number; sensitivity: number; precision: number | null }[];
};

/** Probabilities below this count as this in the log loss (as scikit-learn clips). */
const probabilityFloor = 1e-15;
/**
 * Sets up to this many records are judged leave-one-out; larger ones by stratified 10-fold
 * cross-validation (each refit fits 300 trees and chooses the mix by an inner cross-validation).
 */
const leaveOneOutBudget = 60;

export function defaultValidationMethod(records: readonly ReferenceSample[]): ValidationMethod {
  return records.length <= leaveOneOutBudget ? 'leave-one-out' : { folds: 10 };
}

export const originModelLearner: Learner = (train) => {
  const model = fitOriginModel(train);
  return (values) => {
    const { probabilities } = predictRegionProbabilities(model, values);
    return Object.fromEntries(model.regions.map((r, k) => [r.region, probabilities[k]!]));
  };
};

export function crossValidate(
  records: readonly ReferenceSample[],
  learner: Learner = originModelLearner,
  method: ValidationMethod = defaultValidationMethod(records),
): ValidationReport {
  return crossValidateWith(records, method, learner, (predict, record) => predict(record.values));
}

/**
 * Cross-validation's one loop: for each fold, `fit` is given every record but the fold's own, and
 * `predict` is asked each held-out record's probability per region. A held-out record's region
 * must stay learnable without it, so regions at or below the minimum are not judged.
 */
export function crossValidateWith<Model>(
  records: readonly ReferenceSample[],
  method: ValidationMethod,
  fit: (train: readonly ReferenceSample[]) => Model,
  predict: (model: Model, record: ReferenceSample) => Record<string, number>,
): ValidationReport {
  const counts = new Map<string, number>();
  for (const r of records) counts.set(r.region, (counts.get(r.region) ?? 0) + 1);
  const judged = records.filter((r) => (counts.get(r.region) ?? 0) > minReferencesPerRegion);
  const regions = [...new Set(judged.map((r) => r.region))].sort();
  const folds = method === 'leave-one-out' ? judged.length : method.folds;
  const fold =
    method === 'leave-one-out'
      ? judged.map((_, i) => i)
      : stratifiedFolds(
          judged.map((r) => r.region),
          folds,
        );
  const predictions: Record<string, number>[] = new Array(judged.length);
  for (let f = 0; f < folds; f++) {
    const heldOut = judged.flatMap((_, i) => (fold[i] === f ? [i] : []));
    if (heldOut.length === 0) continue;
    const held = new Set(heldOut.map((i) => judged[i]!));
    const model = fit(records.filter((r) => !held.has(r)));
    for (const i of heldOut) predictions[i] = predict(model, judged[i]!);
  }
  return summariseValidation(
    judged.map((r) => r.region),
    predictions,
    regions,
    method === 'leave-one-out' ? 'leave-one-out' : 'k-fold',
    folds,
  );
}

function summariseValidation(
  truth: readonly string[],
  predictions: readonly Record<string, number>[],
  regions: readonly string[],
  method: 'leave-one-out' | 'k-fold',
  folds: number,
): ValidationReport {
  const index = new Map(regions.map((r, i) => [r, i]));
  const confusion = regions.map(() => regions.map(() => 0));
  const bins = Array.from({ length: 10 }, (_, b) => ({
    from: b / 10,
    to: (b + 1) / 10,
    count: 0,
    confidence: 0,
    correct: 0,
  }));
  let correct = 0;
  let logLoss = 0;
  truth.forEach((region, i) => {
    const p = predictions[i]!;
    let top = regions[0]!;
    let topP = -1;
    for (const r of regions) {
      const v = p[r] ?? 0;
      if (v > topP) {
        top = r;
        topP = v;
      }
    }
    const hit = top === region;
    if (hit) correct++;
    logLoss -= Math.log(Math.max(p[region] ?? 0, probabilityFloor));
    confusion[index.get(region)!]![index.get(top)!]!++;
    const bin = bins[Math.min(9, Math.floor(topP * 10))]!;
    bin.count++;
    bin.confidence += topP;
    if (hit) bin.correct++;
  });
  const n = truth.length;
  const calibration = bins.map((b) => ({
    from: b.from,
    to: b.to,
    count: b.count,
    meanConfidence: b.count ? b.confidence / b.count : 0,
    accuracy: b.count ? b.correct / b.count : 0,
  }));
  const expectedCalibrationError = calibration.reduce(
    (s, b) => s + (b.count / Math.max(1, n)) * Math.abs(b.accuracy - b.meanConfidence),
    0,
  );
  const perRegion = regions.map((region, i) => {
    const row = confusion[i]!;
    const count = row.reduce((s, v) => s + v, 0);
    const predicted = confusion.reduce((s, r) => s + r[i]!, 0);
    return {
      region,
      count,
      sensitivity: count ? row[i]! / count : 0,
      precision: predicted ? row[i]! / predicted : null,
    };
  });
  return {
    method,
    folds,
    sampleCount: n,
    regions: [...regions],
    accuracy: n ? correct / n : 0,
    logLoss: n ? logLoss / n : 0,
    expectedCalibrationError,
    calibration,
    confusion,
    perRegion,
  };
}
