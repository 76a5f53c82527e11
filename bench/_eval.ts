import { crossValidate, originModelLearner } from '/work/main/src/shared/origin-model/validation.ts';
import { nearestCentroidLearner, diagonalGaussianLearner } from '/work/main/src/shared/origin-model/baselines.ts';
import { fitOriginModel, predictRegionProbabilities } from '/work/main/src/shared/origin-model/estimator.ts';
import { tapWater, strawberries, capPerRegion, stableHash } from '/work/main/bench/origin-data.ts';
import type { Learner } from '/work/main/src/shared/origin-model/validation.ts';

const qda: Learner = (train) => { const m = fitOriginModel(train, { settings: { shrinkToPooled: 0, shrinkToDiagonal: 0, degreesOfFreedom: null, bandwidth: 1, kernelWeight: 0, temperature: 1 } }); return (v) => { const p = predictRegionProbabilities(m, v).probabilities; return Object.fromEntries(m.regions.map((r, k) => [r.region, p[k]!])); }; };
function run(name: string, data: any[]) {
  for (const [ln, l] of [['model', originModelLearner], ['qda', qda], ['diag', diagonalGaussianLearner], ['centroid', nearestCentroidLearner]] as const) {
    const t = performance.now();
    const r = crossValidate(data, l as Learner);
    console.log(name, ln.padEnd(9), 'n', r.sampleCount, 'acc', r.accuracy.toFixed(3), 'll', r.logLoss.toFixed(3), 'ece', r.expectedCalibrationError.toFixed(3), (performance.now() - t).toFixed(0) + 'ms');
  }
  console.log(fitOriginModel(data).settings);
}
const which = process.argv[2] ?? 'all';
if (which === 'straw' || which === 'all') { run('straw', strawberries()); }
if (which === 'tap9' || which === 'all') {
  const tap = tapWater();
  const all = [...new Set(tap.map((r) => r.region))].filter(c => tap.filter(r=>r.region===c).length >= 25);
  for (const salt of ['a','b','c']) { const cities = [...all].sort((a,b)=>stableHash(salt+a)-stableHash(salt+b)).slice(0,9); run('tap9x20'+salt, capPerRegion(tap.filter(r => cities.includes(r.region)), 20, salt)); }
}
if (which === 'tap40' || which === 'all') run('tap40', capPerRegion(tapWater(), 40));
