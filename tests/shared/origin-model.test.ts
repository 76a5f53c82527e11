import { describe, expect, it } from 'vitest';
import { nineCities, strawberries } from '../../bench/origin-data.ts';
import { analyseSample } from '../../src/shared/origin-model/analysis.ts';
import { diagonalGaussianLearner, nearestCentroidLearner } from '../../src/shared/origin-model/baselines.ts';
import {
  fitOriginModel,
  predictRegionProbabilities,
  type ReferenceSample,
} from '../../src/shared/origin-model/estimator.ts';
import { chiSquareSurvival, fSurvival, logGamma } from '../../src/shared/origin-model/statistics.ts';
import { crossValidate } from '../../src/shared/origin-model/validation.ts';

// The origin model on real public data (../shared/data), judged by stratified 10-fold
// cross-validation against baselines computed in the same run, never against numbers fixed in
// advance. (Leave-one-out would refit the model with its trees and nested choices 157–180 times.)

describe('[ORIGIN MODEL] 10-fold on real data, against baselines in the same run', () => {
  it.each([
    ['strawberries, Slovenia against abroad (four isotopes)', () => strawberries()],
    ['tap water, nine cities of twenty taps (d2H, d18O)', () => nineCities('b')],
  ])('%s', (_name, load) => {
    const data = load();
    const model = crossValidate(data);
    const centroid = crossValidate(data, nearestCentroidLearner, { folds: 10 });
    const diagonal = crossValidate(data, diagonalGaussianLearner, { folds: 10 });
    expect(model.method).toBe('k-fold');
    expect(model.sampleCount).toBe(data.length);
    expect(model.accuracy).toBeGreaterThan(Math.max(centroid.accuracy, diagonal.accuracy));
    expect(model.logLoss).toBeLessThan(Math.min(centroid.logLoss, diagonal.logLoss));
    // Calibrated: the stated confidence is near the observed accuracy.
    expect(model.expectedCalibrationError).toBeLessThan(0.2);
    const confused = model.confusion.flat().reduce((s, v) => s + v, 0);
    expect(confused).toBe(data.length);
  });
});

describe('[ORIGIN MODEL] one sample', () => {
  const data = nineCities('b');
  const model = fitOriginModel(data);
  const some = data[0]!;

  it('gives every region a probability, summing to 1, and marginalises missing elements', () => {
    const full = predictRegionProbabilities(model, some.values);
    expect(full.probabilities).toHaveLength(model.regions.length);
    expect(full.probabilities.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 10);
    const onlyHydrogen = predictRegionProbabilities(model, { d2H: some.values.d2H });
    expect(onlyHydrogen.dimension).toBe(1);
    expect(onlyHydrogen.probabilities.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 10);
    const analysis = analyseSample(model, { d2H: some.values.d2H });
    expect(analysis.elementsMissing).toEqual(['d18O']);
    expect(analysis.quality.completeness).toBe(0.5);
    expect(analysis.quality.lowered[0]).toEqual({ reason: 'missingElements', elements: ['d18O'] });
  });

  it('restricts the prior to the expected origins', () => {
    const [a, b] = model.regions.map((r) => r.region);
    const analysis = analyseSample(model, some.values, { expectedRegions: [a!, b!] });
    expect(analysis.prior).toEqual({ kind: 'expected', regions: [a, b] });
    const others = analysis.regionalProbability.filter((r) => r.region !== a && r.region !== b);
    expect(others.every((r) => r.probability === 0)).toBe(true);
  });

  it('flags a sample unlike every region as atypical instead of forcing it into one', () => {
    const analysis = analyseSample(model, { d2H: 300, d18O: -60 });
    expect(analysis.isAtypical).toBe(true);
    expect(analysis.predictedOrigin).toBeNull();
    expect(analysis.mostProbableRegion).not.toBeNull();
    expect(analysis.quality.score).toBeLessThan(10);
    expect(analysis.elementStatus.every((e) => e.regions.every((r) => r.status === 'outside'))).toBe(true);
  });

  it('judges consistency with a claimed origin and with Xinjiang, showing the thresholds', () => {
    const own = analyseSample(model, some.values, { claimedRegion: some.region });
    expect(own.predictedOrigin).toBe(some.region);
    expect(own.consistency.claimed).toMatchObject({ region: some.region, isKnownRegion: true, verdict: 'consistent' });
    const far = model.regions.map((r) => r.region).find((r) => r !== some.region)!;
    const other = analyseSample(model, some.values, { claimedRegion: far });
    expect(other.consistency.claimed?.verdict).not.toBe('consistent');
    expect(own.consistency.xinjiang).toMatchObject({
      region: 'Xinjiang',
      isKnownRegion: false,
      verdict: 'inconclusive',
    });
    expect(own.consistency.claimed?.thresholds.consistentProbability).toBe(0.5);
  });

  it('finds a two-region blend with its fraction', () => {
    const [a, b] = [model.regions[0]!, model.regions[3]!];
    const mean = (r: typeof a, j: number) => model.center[j]! + r.mean[j]! * model.scale[j]!;
    const blend = { d2H: 0.7 * mean(a, 0) + 0.3 * mean(b, 0), d18O: 0.7 * mean(a, 1) + 0.3 * mean(b, 1) };
    const analysis = analyseSample(model, blend, { compositionCount: 36 });
    const pair = analysis.composition.find(
      (c) => (c.regionA === a.region && c.regionB === b.region) || (c.regionA === b.region && c.regionB === a.region),
    );
    expect(pair).toBeDefined();
    const shareOfA = pair!.regionA === a.region ? pair!.fractionA : 1 - pair!.fractionA;
    expect(shareOfA).toBeGreaterThan(0.55);
    expect(shareOfA).toBeLessThan(0.85);
  });

  it('survives regions too small to model and references with missing elements', () => {
    const records: ReferenceSample[] = [
      ...data.slice(0, 60),
      { region: 'Tiny', values: { d2H: -50, d18O: -7 } },
      ...data.slice(60, 80).map((r) => ({ ...r, values: { d2H: r.values.d2H } })),
    ];
    const fitted = fitOriginModel(records);
    expect(fitted.excludedRegions).toContainEqual({ region: 'Tiny', count: 1 });
    const p = predictRegionProbabilities(fitted, data[0]!.values).probabilities;
    expect(p.every((v) => Number.isFinite(v))).toBe(true);
    expect(JSON.parse(JSON.stringify(fitted))).toEqual(fitted);
  });
});

describe('[ORIGIN MODEL] distribution tails', () => {
  it('matches known values', () => {
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 10);
    expect(chiSquareSurvival(5.991, 2)).toBeCloseTo(0.05, 3);
    expect(chiSquareSurvival(11.07, 5)).toBeCloseTo(0.05, 3);
    expect(fSurvival(3.555, 2, 18)).toBeCloseTo(0.05, 3);
    expect(fSurvival(2.928, 4, 18)).toBeCloseTo(0.05, 3);
  });
});
