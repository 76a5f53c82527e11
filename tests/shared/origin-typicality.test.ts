import { describe, expect, it } from 'vitest';
import { analyseSample } from '../../src/shared/origin-model/analysis.ts';
import { fitOriginModel, type OriginModel, type ReferenceSample } from '../../src/shared/origin-model/estimator.ts';
import type { ModelSettings } from '../../src/shared/origin-model/region-density.ts';
import { calibratedTypicality } from '../../src/shared/origin-model/typicality.ts';

/** A seeded generator, so the test measures the same draws every run. */
function randomFrom(seed: number) {
  let state = seed;
  const uniform = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return (state + 0.5) / 2 ** 31;
  };
  const gaussian = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  return { uniform, gaussian };
}

/**
 * Heavy-tailed regions: Student-t with 3 degrees of freedom over three correlated elements, so the
 * Gaussian's raw p-value puts far more than 1 % of a region's own samples below 0.01.
 */
function heavyTailed(count: number, seed: number): ReferenceSample[] {
  const { gaussian } = randomFrom(seed);
  const centres = [
    [0, 0, 0],
    [6, 3, -4],
  ];
  return Array.from({ length: count }, (_, i) => {
    const c = centres[i % centres.length]!;
    const z = [gaussian(), gaussian(), gaussian()];
    const chi = (gaussian() ** 2 + gaussian() ** 2 + gaussian() ** 2) / 3;
    const w = 1 / Math.sqrt(chi);
    return {
      region: `Region ${i % centres.length}`,
      values: { a: c[0]! + w * z[0]!, b: c[1]! + w * (0.8 * z[0]! + 0.6 * z[1]!), c: c[2]! + w * z[2]! },
    };
  });
}

const gaussianSettings: ModelSettings = {
  shrinkToPooled: 0,
  shrinkToDiagonal: 0,
  degreesOfFreedom: null,
  bandwidth: 1,
  kernelWeight: 0,
  temperature: 1,
};

/** The model as fitted before the held-out typicalities were kept (an old cached model). */
const withoutCalibration = (model: OriginModel): OriginModel => ({
  ...model,
  regions: model.regions.map(({ heldOutTypicality: _, ...r }) => r),
});

describe('typicality calibrated on the region’s own references', () => {
  it('interpolates the held-out p-values’ distribution, and keeps the raw p without them', () => {
    const heldOut = [0.001, 0.02, 0.3, 0.5];
    // Through (qᵢ, i/(n + 1)), linear between them and to (1, 1).
    expect(calibratedTypicality(0.001, heldOut)).toBeCloseTo(0.2, 12);
    expect(calibratedTypicality(0.3, heldOut)).toBeCloseTo(0.6, 12);
    expect(calibratedTypicality(0.4, heldOut)).toBeCloseTo(0.7, 12);
    expect(calibratedTypicality(0.75, heldOut)).toBeCloseTo(0.9, 12);
    expect(calibratedTypicality(1, heldOut)).toBe(1);
    // Below q₁, a power of p: Hill's α from the smallest held-out p-values (here all four) ...
    const alpha = 3 / Math.log((0.5 / 0.001) * (0.5 / 0.02) * (0.5 / 0.3));
    expect(alpha).toBeLessThan(1);
    expect(calibratedTypicality(0.0005, heldOut)).toBeCloseTo(0.2 * 0.5 ** alpha, 12);
    expect(calibratedTypicality(1e-5, heldOut)).toBeCloseTo(0.2 * 0.01 ** alpha, 12);
    expect(calibratedTypicality(0, heldOut)).toBe(0);
    // ... but references that show no small p-value are no evidence of a lighter tail than the
    // raw p's: below q₁ the p is lowered no further than the resolution 1/(n + 1).
    const light = [0.3, 0.4, 0.5, 0.6];
    expect(calibratedTypicality(0.005, light)).toBe(0.005);
    expect(calibratedTypicality(0.25, light)).toBeCloseTo(0.2, 12);
    expect(calibratedTypicality(0.35, light)).toBeCloseTo(0.3, 12);
    // Ties count every tied reference.
    expect(calibratedTypicality(0.02, [0.02, 0.02, 0.5])).toBeCloseTo(0.5, 12);
    // A model without held-out p-values (fitted before they were kept) gives the raw p.
    expect(calibratedTypicality(0.004, undefined)).toBe(0.004);
    expect(calibratedTypicality(0.004, [])).toBe(0.004);
    // Monotone in the raw p.
    for (const q of [heldOut, light]) {
      let last = -1;
      for (let p = 0; p <= 1; p += 0.0005) {
        const c = calibratedTypicality(p, q);
        expect(c).toBeGreaterThanOrEqual(last);
        last = c;
      }
    }
  });

  it('keeps each region’s held-out p-values sorted, one per reference, in the fitted model', () => {
    const model = fitOriginModel(heavyTailed(200, 3), { settings: gaussianSettings, trees: 0 });
    for (const region of model.regions) {
      const q = region.heldOutTypicality!;
      expect(q).toHaveLength(region.count);
      expect([...q].sort((a, b) => a - b)).toEqual(q);
      expect(q.every((p) => p >= 0 && p <= 1)).toBe(true);
    }
    // Compact: three significant digits each.
    expect(model.regions[0]!.heldOutTypicality!.every((p) => Number(p.toPrecision(3)) === p)).toBe(true);
  });

  it('puts about 1 % of a heavy-tailed region’s new samples below 0.01, where the raw p put many more', () => {
    const model = fitOriginModel(heavyTailed(1200, 5), { settings: gaussianSettings, trees: 0 });
    const old = withoutCalibration(model);
    const fresh = heavyTailed(4000, 11);
    const shareBelow = (m: OriginModel, threshold: number) =>
      fresh.filter((s) => {
        const own = analyseSample(m, s.values, { compositionCount: 0 }).regionalProbability.find(
          (r) => r.region === s.region,
        )!;
        return own.typicality < threshold;
      }).length / fresh.length;
    const raw = shareBelow(old, 0.01);
    const calibrated = shareBelow(model, 0.01);
    expect(raw).toBeGreaterThan(0.03);
    expect(calibrated).toBeGreaterThan(0.004);
    expect(calibrated).toBeLessThan(0.02);
    // And at the "typical" threshold, 5 %.
    expect(shareBelow(model, 0.05)).toBeGreaterThan(0.035);
    expect(shareBelow(model, 0.05)).toBeLessThan(0.065);
  });
});
