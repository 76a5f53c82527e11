import { describe, expect, it } from 'vitest';
import { nineCities, strawberries } from '../../bench/origin-data.ts';
import { denseRows, extraTreesLearner, randomForestLearner } from '../../src/shared/origin-model/baselines.ts';
import { fitOriginModel, predictRegionProbabilities } from '../../src/shared/origin-model/estimator.ts';
import {
  deserialiseForest,
  fitForest,
  forestProbabilities,
  serialiseForest,
} from '../../src/shared/origin-model/forest.ts';
import { crossValidate, originModelLearner } from '../../src/shared/origin-model/validation.ts';
import { cllr, cllrMin, judgeOriginModel } from '../../src/shared/origin-model/verdict-errors.ts';

// The origin model against random forest and ExtraTrees (300 trees each) on real data, all three
// judged by the same stratified 5-fold cross-validation in the same run (the bench uses 10 folds
// and more sets; 5 keeps this file to seconds).

describe('[ORIGIN MODEL] ahead of both forests', () => {
  it.each([
    ['strawberries, Slovenia against abroad (4 isotopes + 25 elements)', () => strawberries(true)],
    ['tap water, nine cities of twenty taps (d2H, d18O)', () => nineCities('b')],
  ])('%s', (_name, load) => {
    const data = load();
    const folds = { folds: 5 };
    const model = crossValidate(data, originModelLearner, folds);
    const forest = crossValidate(data, randomForestLearner, folds);
    const extraTrees = crossValidate(data, extraTreesLearner, folds);
    expect(model.accuracy).toBeGreaterThan(Math.max(forest.accuracy, extraTrees.accuracy));
    expect(model.logLoss).toBeLessThan(Math.min(forest.logLoss, extraTrees.logLoss));
  });
});

describe('[ORIGIN MODEL] trees', () => {
  const { x, y, regions, elements } = denseRows(strawberries(true));
  const fit = (seed: number) =>
    fitForest(x, y, regions.length, elements.length, { kind: 'random-forest', trees: 40, seed });
  const row = (i: number) => x.subarray(i * elements.length, (i + 1) * elements.length);

  it('repeat with the same seed and differ with another', () => {
    const a = fit(7);
    expect(fit(7).threshold).toEqual(a.threshold);
    expect(fit(8).threshold).not.toEqual(a.threshold);
    // Fully grown: every training row's own class gets the larger share from the trees that saw it.
    const p = forestProbabilities(a, row(0));
    expect(p.reduce((s, v) => s + v, 0)).toBeCloseTo(1, 6);
  });

  it('survive JSON as packed base64 and predict the same', () => {
    const forest = fitForest(x, y, regions.length, elements.length, {
      kind: 'extra-trees',
      trees: 30,
      seed: 3,
      minSamplesLeaf: 4,
    });
    const back = deserialiseForest(JSON.parse(JSON.stringify(serialiseForest(forest))));
    expect(back.roots).toEqual(forest.roots);
    for (let i = 0; i < y.length; i += 7) {
      const a = forestProbabilities(forest, row(i));
      const b = forestProbabilities(back, row(i));
      // Mixed leaves keep their shares in 1/255ths.
      a.forEach((v, k) => expect(Math.abs(v - b[k]!)).toBeLessThan(0.01));
    }
  });

  it('leave the cached model plain JSON that predicts the same after a round trip', () => {
    const data = nineCities('a');
    const model = fitOriginModel(data);
    expect(model.trees?.trees).toBe(300);
    const copy = JSON.parse(JSON.stringify(model));
    for (const r of data.slice(0, 20))
      expect(predictRegionProbabilities(copy, r.values).probabilities).toEqual(
        predictRegionProbabilities(model, r.values).probabilities,
      );
  });
});

describe('[ORIGIN MODEL] how often each verdict is wrong', () => {
  it('counts true and false claims of every region from one cross-validation', () => {
    const data = nineCities('a');
    const { validation, verdictErrors } = judgeOriginModel(data, { folds: 5 });
    expect(validation.sampleCount).toBe(data.length);
    for (const c of verdictErrors.claims) {
      const own = data.filter((r) => r.region === c.region).length;
      expect(c.trueClaims).toBe(own);
      expect(c.falseClaims).toBe(data.length - own);
      for (const rate of [c.falseConsistentRate, c.falseInconsistentRate, c.inconclusiveTrueShare])
        expect(rate).toBeGreaterThanOrEqual(0);
      expect(c.falseInconsistentRate + c.inconclusiveTrueShare).toBeLessThanOrEqual(1);
      expect(c.cllrMin).toBeLessThanOrEqual(c.cllr + 1e-9);
    }
    expect(verdictErrors.pooled.trueClaims).toBe(data.length);
    // A model that separates nine cities this well gives informative ratios.
    expect(verdictErrors.pooled.cllr).toBeLessThan(0.5);
    expect(verdictErrors.pooled.falseConsistentRate).toBeLessThan(0.05);
    expect(verdictErrors.xinjiang).toBeNull();
  });

  it('finds the Xinjiang check where the set has Xinjiang records', () => {
    const data = nineCities('c').map((r, _, all) => (r.region === all[0]!.region ? { ...r, region: 'Xinjiang' } : r));
    const { verdictErrors } = judgeOriginModel(data, { folds: 3 });
    expect(verdictErrors.xinjiang?.region).toBe('Xinjiang');
    expect(verdictErrors.xinjiang?.trueClaims).toBe(data.filter((r) => r.region === 'Xinjiang').length);
  });

  it('gives Cllr 0 to separated ratios, 1 to ratios of 1, and Cllr_min ≤ Cllr', () => {
    const separated = [
      { truth: true, logLr: 3 },
      { truth: true, logLr: 2 },
      { truth: false, logLr: -1 },
      { truth: false, logLr: -4 },
    ];
    expect(cllrMin(separated)).toBeCloseTo(0, 6);
    expect(cllr(separated.map((c) => ({ ...c, logLr: 0 })))).toBeCloseTo(1, 10);
    // Right order, badly scaled: recalibration removes the cost.
    const overstated = separated.map((c) => ({ ...c, logLr: c.logLr * 5 - 15 }));
    expect(cllr(overstated)).toBeGreaterThan(1);
    expect(cllrMin(overstated)).toBeCloseTo(0, 6);
  });
});
