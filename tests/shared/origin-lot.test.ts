import { describe, expect, it } from 'vitest';
import { fitOriginModel, type ReferenceSample } from '../../src/shared/origin-model/estimator.ts';
import { analyseSample } from '../../src/shared/origin-model/analysis.ts';
import { analyseLot, combinedTypicality, jointPosterior } from '../../src/shared/origin-model/lot-analysis.ts';
import { chiSquareSurvival } from '../../src/shared/origin-model/statistics.ts';

describe('joint posterior of one lot', () => {
  it('multiplies the samples’ likelihoods under one prior', () => {
    // Two samples, three regions: p ∝ 0.6·0.5, 0.3·0.4, 0.1·0.1 = 0.30, 0.12, 0.01 (sum 0.43).
    const p = jointPosterior(
      [
        [0.6, 0.3, 0.1],
        [0.5, 0.4, 0.1],
      ],
      [0, 0, 0],
    );
    expect(p[0]).toBeCloseTo(0.3 / 0.43, 12);
    expect(p[1]).toBeCloseTo(0.12 / 0.43, 12);
    expect(p[2]).toBeCloseTo(0.01 / 0.43, 12);
    // The prior is counted once, not once per sample: restricted to regions 1 and 2 → 0.12 : 0.01.
    const restricted = jointPosterior(
      [
        [0.6, 0.3, 0.1],
        [0.5, 0.4, 0.1],
      ],
      [-Infinity, Math.log(0.5), Math.log(0.5)],
    );
    expect(restricted[0]).toBe(0);
    expect(restricted[1]).toBeCloseTo(0.12 / 0.13, 12);
    // One sample is its own posterior; a region one sample rules out stays ruled out.
    expect(jointPosterior([[0.2, 0.8]], [0, 0])).toEqual([expect.closeTo(0.2, 12), expect.closeTo(0.8, 12)]);
    expect(
      jointPosterior(
        [
          [0.5, 0.5],
          [1, 0],
        ],
        [0, 0],
      )[1],
    ).toBeLessThan(1e-200);
  });

  it("combines typicalities by Fisher's method", () => {
    expect(combinedTypicality([0.3])).toBeCloseTo(0.3, 10);
    const ps = [0.04, 0.2, 0.5];
    const statistic = -2 * ps.reduce((s, p) => s + Math.log(p), 0);
    expect(combinedTypicality(ps)).toBeCloseTo(chiSquareSurvival(statistic, 6), 12);
  });

  it('judges a lot by the same rules: three weak samples make a firm verdict', () => {
    const references: ReferenceSample[] = [];
    for (let i = 0; i < 20; i++) {
      const jitter = ((i % 5) - 2) * 0.5;
      references.push({ region: 'North', values: { d13C: -26 + jitter, d2H: -60 + jitter * 4 } });
      references.push({ region: 'South', values: { d13C: -24.5 + jitter, d2H: -54 + jitter * 4 } });
    }
    const model = fitOriginModel(references, { trees: 0 });
    // Halfway-ish samples, each leaning a little to North.
    const samples = [
      { d13C: -25.4, d2H: -57.6 },
      { d13C: -25.5, d2H: -57.4 },
      { d13C: -25.3, d2H: -57.8 },
    ];
    const one = samples.map((s) => analyseSample(model, s, { claimedRegion: 'North' }));
    const lot = analyseLot(model, samples, { claimedRegion: 'North' });
    const north = (a: { regionalProbability: { region: string; probability: number }[] }) =>
      a.regionalProbability.find((r) => r.region === 'North')!.probability;
    // The lot's probability is the normalised product of the samples'.
    const product = one.reduce((s, a) => s * north(a), 1);
    const other = one.reduce((s, a) => s * (1 - north(a)), 1);
    expect(north(lot)).toBeCloseTo(product / (product + other), 10);
    expect(north(lot)).toBeGreaterThan(Math.max(...one.map(north)));
    expect(lot.sampleCount).toBe(3);
    expect(lot.consistency.claimed).toMatchObject({ region: 'North', regions: ['North'] });
  });
});
