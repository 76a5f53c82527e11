// The origin model, judged on the real public data sets in ../shared/data against baselines (random
// forest and ExtraTrees with scikit-learn's defaults, and three simpler ones) computed in the same run (stratified 10-fold for every set and learner), and its speed
// against the nearest-centroid model and a trivial signed-in read of the same server. It prints the
// verdicts' error rates too, one sample's and a lot's, from the origin model's cross-validation.
import { analyseSample, analysisThresholds } from '../src/shared/origin-model/analysis.ts';
import {
  diagonalGaussianLearner,
  extraTreesLearner,
  nearestCentroidLearner,
  randomForestLearner,
} from '../src/shared/origin-model/baselines.ts';
import {
  fitOriginModel,
  predictRegionProbabilities,
  type ReferenceSample,
} from '../src/shared/origin-model/estimator.ts';
import type { ModelSettings } from '../src/shared/origin-model/region-density.ts';
import { judgeOriginModel } from '../src/shared/origin-model/verdict-errors.ts';
import {
  crossValidate,
  originModelLearner,
  type Learner,
  type ValidationReport,
} from '../src/shared/origin-model/validation.ts';
import { cleanIsotopeRecord } from '../src/server/db/schema.ts';
import { capPerRegion, nineCities, strawberries, tapWater } from './origin-data.ts';
import { openBenchApp } from './bench-app.ts';
import type { BenchRow } from './run.ts';

/** The Gaussian per region that the first design sketched: full covariance, no shrinkage, no kernel. */
const designSketch: ModelSettings = {
  shrinkToPooled: 0,
  shrinkToDiagonal: 0,
  degreesOfFreedom: null,
  bandwidth: 1,
  kernelWeight: 0,
  temperature: 1,
};
const gaussianPerRegionLearner: Learner = (train) => {
  const model = fitOriginModel(train, { settings: designSketch, trees: 0 });
  return (values) => {
    const { probabilities } = predictRegionProbabilities(model, values);
    return Object.fromEntries(model.regions.map((r, k) => [r.region, probabilities[k]!]));
  };
};

const learners: [string, Learner][] = [
  ['origin model', originModelLearner],
  ['random forest (300 trees)', randomForestLearner],
  ['ExtraTrees (300 trees)', extraTreesLearner],
  ['nearest centroid', nearestCentroidLearner],
  ['diagonal Gaussian', diagonalGaussianLearner],
  ['Gaussian per region (DESIGN sketch)', gaussianPerRegionLearner],
];

const dataSets: [string, () => ReferenceSample[]][] = [
  ['strawberries SLO/abroad, 4 isotopes (157)', () => strawberries()],
  ['strawberries SLO/abroad, 4 isotopes + 25 elements (157)', () => strawberries(true)],
  ['tap water, 9 cities × 20, draw a', () => nineCities('a')],
  ['tap water, 9 cities × 20, draw b', () => nineCities('b')],
  ['tap water, 9 cities × 20, draw c', () => nineCities('c')],
  ['tap water, 27 cities, ≤ 40 taps each', () => capPerRegion(tapWater(), 40)],
  ['tap water, whole file (3,876)', () => tapWater()],
];

const percent = (v: number) => `${(100 * v).toFixed(1)} %`;

function time<T>(fn: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = fn();
  return { value, ms: performance.now() - started };
}

function qualityRows(name: string, reports: [string, ValidationReport][]): BenchRow[] {
  const [, model] = reports[0]!;
  return reports.slice(1).flatMap(([baseline, report]) => [
    {
      name: `${name}: accuracy (${model.method})`,
      baseline: { label: baseline, value: report.accuracy },
      value: model.accuracy,
      unit: '',
    },
    {
      name: `${name}: log loss (lower is better)`,
      baseline: { label: baseline, value: report.logLoss },
      value: model.logLoss,
      unit: 'nats',
    },
  ]);
}

/** Synthetic references: regions as Gaussian clouds over four isotopes, for the speed figures. */
function syntheticReferences(count: number, regions: number): ReferenceSample[] {
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const gaussian = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
  const centres = Array.from({ length: regions }, () => [
    -28 + random() * 6,
    -90 + random() * 60,
    20 + random() * 8,
    random() * 8,
  ]);
  return Array.from({ length: count }, (_, i) => {
    const c = centres[i % regions]!;
    return {
      region: `Region ${i % regions}`,
      values: {
        d13C: c[0]! + gaussian() * 0.5,
        d2H: c[1]! + gaussian() * 6,
        d18O: c[2]! + gaussian(),
        d15N: c[3]! + gaussian(),
      },
    };
  });
}

export default async function benchOriginModel(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const [name, load] of dataSets) {
    const data = load();
    // Stratified 10-fold for every set and learner: the model refits its trees and its nested
    // choice of the mix per fold, which leave-one-out would repeat 157–180 times per set.
    const method = { folds: 10 };
    const fit = time(() => fitOriginModel(data));
    const size = JSON.stringify(fit.value).length;
    process.stdout.write(
      `  ${name} — cached model: ${(size / 1024).toFixed(0)} KiB of JSON, fitted in ${(fit.ms / 1000).toFixed(1)} s\n`,
    );
    // The origin model's cross-validation also measures its verdicts' error rates, one sample's
    // and a lot's (the same held-out figures as the learner's: the analysis's probabilities).
    const judged = time(() => judgeOriginModel(data, method));
    const reports = learners.map(([label, learner]) => {
      const { value, ms } =
        learner === originModelLearner
          ? { value: judged.value.validation, ms: judged.ms }
          : time(() => crossValidate(data, learner, method));
      process.stdout.write(
        `  ${name} — ${label}: accuracy ${value.accuracy.toFixed(3)}, log loss ${value.logLoss.toFixed(3)}, ` +
          `calibration error ${value.expectedCalibrationError.toFixed(3)} (${(ms / 1000).toFixed(1)} s)\n`,
      );
      return [label, value] as [string, ValidationReport];
    });
    const errors = judged.value.verdictErrors;
    for (const [label, count, rates] of [
      ['one sample', errors.pooled.trueClaims, errors.pooled] as const,
      ...errors.lots.map((l) => [`lots of ${l.size}`, l.lotCount, l.pooled] as const),
    ])
      process.stdout.write(
        `  ${name} — verdicts, ${label} (${count}): false consistent ${percent(rates.falseConsistentRate)}, ` +
          `false inconsistent ${percent(rates.falseInconsistentRate)}, inconclusive ` +
          `${percent(rates.inconclusiveTrueShare)} of true and ${percent(rates.inconclusiveFalseShare)} of false ` +
          `claims, Cllr ${rates.cllr.toFixed(3)}\n`,
      );
    const own = errors.ownRegionAtypical;
    process.stdout.write(
      `  ${name} — own region atypical (typicality < ${analysisThresholds.atypicalPValue}): ${own.atypical} of ` +
        `${own.records} held-out records (${percent(own.share)}), about 1 % expected\n`,
    );
    rows.push(...qualityRows(name, reports));
  }

  // Speed: fitting 10,000 references and analysing one sample, against the nearest centroid.
  const references = syntheticReferences(10_000, 9);
  const fitModel = time(() => fitOriginModel(references));
  const fitCentroid = time(() => nearestCentroidLearner(references));
  rows.push({
    name: 'fit 10,000 references (9 regions, 4 isotopes)',
    baseline: { label: 'nearest-centroid fit', value: fitCentroid.ms },
    value: fitModel.ms,
    unit: 'ms',
  });
  const model = fitModel.value;
  const predictCentroid = fitCentroid.value;
  const queries = references.slice(0, 200).map((r) => r.values);
  for (const q of queries.slice(0, 20)) analyseSample(model, q);
  const analyse = time(() => queries.forEach((q) => analyseSample(model, q)));
  const probabilities = time(() => queries.forEach((q) => predictRegionProbabilities(model, q)));
  // The baseline is fast enough that it is timed over 50 passes for a readable figure.
  const centroid = time(() => {
    for (let pass = 0; pass < 50; pass++) queries.forEach((q) => predictCentroid(q));
  });
  centroid.ms /= 50;
  rows.push(
    {
      name: 'regional probability of one sample (10,000 references)',
      baseline: { label: 'nearest centroid', value: centroid.ms / queries.length },
      value: probabilities.ms / queries.length,
      unit: 'ms',
    },
    {
      name: 'whole analysis of one sample (all five views)',
      baseline: { label: 'nearest centroid', value: centroid.ms / queries.length },
      value: analyse.ms / queries.length,
      unit: 'ms',
    },
  );

  // The analysis call end to end, against a trivial signed-in read of the same server.
  const { app, database, token } = await openBenchApp();
  await database.db.insert(cleanIsotopeRecord).values(
    syntheticReferences(1_000, 9).map((r, i) => ({
      sampleCode: `B-${i}`,
      material: 'Bench',
      region: r.region,
      d13C: r.values.d13C,
      d2H: r.values.d2H,
      d18O: r.values.d18O,
      d15N: r.values.d15N,
    })),
  );
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const body = JSON.stringify({ material: 'Bench', samples: [{ d13C: -26, d2H: -60, d18O: 24, d15N: 4 }] });
  const call = () => app.request('/api/analysis/create', { method: 'POST', headers, body });
  const read = () => app.request('/api/user/get-own-user', { headers });
  await call(); // fits and caches the model
  const perCall = async (fn: () => Response | Promise<Response>, n: number) => {
    for (let i = 0; i < 10; i++) await fn();
    const started = performance.now();
    for (let i = 0; i < n; i++) await fn();
    return (performance.now() - started) / n;
  };
  const readMs = await perCall(read, 300);
  const callMs = await perCall(call, 300);
  rows.push({
    name: 'POST /api/analysis/create, one sample (1,000 references, model cached)',
    baseline: { label: 'GET /api/user/get-own-user', value: readMs },
    value: callMs,
    unit: 'ms',
    targetRatio: 3,
  });
  await database.close();
  return rows;
}
