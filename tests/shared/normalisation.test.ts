import { describe, expect, it } from 'vitest';
import {
  checkDrift,
  normaliseElement,
  tTestPValue,
  type RunPoint,
} from '../../src/shared/measurement/normalisation.ts';

// The run arithmetic against hand calculations: a known instrument response (measured = (true − b)/a)
// read back through two anchors must give the true values.

const A = 1.02; // the instrument's scale compression
const B = -0.8; // its offset against the working gas
const raw = (truth: number) => (truth - B) / A;

let analysis = 0;
const at = (position: number, measured: number): RunPoint => ({ analysis: ++analysis, position, measured });

describe('[NORMALISATION] Student t', () => {
  it('gives the tabled two-sided p-values', () => {
    expect(tTestPValue(2.228, 10)).toBeCloseTo(0.05, 3);
    expect(tTestPValue(12.706, 1)).toBeCloseTo(0.05, 3);
    expect(tTestPValue(1.96, 100000)).toBeCloseTo(0.05, 3);
    expect(tTestPValue(0, 5)).toBeCloseTo(1, 10);
  });
});

describe('[NORMALISATION] two anchors, no drift', () => {
  it('reads each sample back on the scale, and flags one outside the anchors', () => {
    const result = normaliseElement({
      anchors: [
        { key: 'USGS40', assigned: -26.39, uncertainty: 0.04, points: [at(1, raw(-26.39)), at(6, raw(-26.39))] },
        { key: 'USGS41a', assigned: 36.55, uncertainty: 0.08, points: [at(2, raw(36.55)), at(7, raw(36.55))] },
      ],
      checks: [{ key: 'IAEA-600', assigned: -27.771, points: [at(3, raw(-27.771))] }],
      samples: [
        { key: 's1', points: [at(4, raw(-25.1)), at(5, raw(-25.1))] },
        { key: 's2', points: [at(8, raw(-30.2))] },
      ],
    });
    if (!result.ok) throw new Error(JSON.stringify(result.refusal));
    const { calibration } = result;
    expect(calibration.slope).toBeCloseTo(A, 10);
    expect(calibration.intercept).toBeCloseTo(B, 10);
    expect(calibration.samples[0]!.value).toBeCloseTo(-25.1, 10);
    expect(calibration.samples[0]!.extrapolated).toBe(false);
    expect(calibration.samples[1]!.value).toBeCloseTo(-30.2, 10);
    expect(calibration.samples[1]!.extrapolated).toBe(true);
    expect(calibration.checks[0]!.difference).toBeCloseTo(0, 10);
    expect(calibration.driftCorrected).toBe(false);
    // The anchors' own uncertainty reaches every value: u = rms(0.04, 0.08), U = 2u.
    expect(calibration.samples[0]!.uncertainty).toBeCloseTo(2 * Math.sqrt((0.04 ** 2 + 0.08 ** 2) / 2), 6);
  });

  it('refuses one anchor material, and anchors that read alike', () => {
    expect(
      normaliseElement({
        anchors: [{ key: 'USGS40', assigned: -26.39, uncertainty: null, points: [at(1, -25), at(2, -25)] }],
        checks: [],
        samples: [],
      }),
    ).toEqual({ ok: false, refusal: { reason: 'tooFewAnchors', anchors: 1 } });
    expect(
      normaliseElement({
        anchors: [
          { key: 'a', assigned: -26.39, uncertainty: null, points: [at(1, -25)] },
          { key: 'b', assigned: 36.55, uncertainty: null, points: [at(2, -25)] },
        ],
        checks: [],
        samples: [],
      }),
    ).toEqual({ ok: false, refusal: { reason: 'anchorsNotDistinct' } });
  });
});

describe('[NORMALISATION] drift', () => {
  // A small deterministic noise, so the slope's t is finite.
  const noise = (i: number) => [0.01, -0.008, 0.004, -0.006, 0.009, -0.01, 0.002, -0.003][i % 8]!;
  const drift = 0.03; // ‰ per position

  it('finds a linear drift, corrects it and lands within 0.05 ‰ of the truth', () => {
    const anchors = [
      { key: 'USGS40', assigned: -26.39, uncertainty: 0.04, points: [] as RunPoint[] },
      { key: 'USGS41a', assigned: 36.55, uncertainty: 0.08, points: [] as RunPoint[] },
    ];
    const sample = { key: 's', points: [] as RunPoint[] };
    for (let position = 1; position <= 30; position++) {
      const kind = position % 5;
      const truth = kind === 0 ? -26.39 : kind === 1 ? 36.55 : -24.0;
      const measured = raw(truth) + drift * position + noise(position);
      const point = at(position, measured);
      if (kind === 0) anchors[0]!.points.push(point);
      else if (kind === 1) anchors[1]!.points.push(point);
      else if (position === 13 || position === 27) sample.points.push(point);
    }
    const result = normaliseElement({ anchors, checks: [], samples: [sample] });
    if (!result.ok) throw new Error(JSON.stringify(result.refusal));
    expect(result.calibration.drift!.significant).toBe(true);
    expect(result.calibration.drift!.slope).toBeCloseTo(drift, 2);
    expect(result.calibration.driftCorrected).toBe(true);
    expect(Math.abs(result.calibration.samples[0]!.value - -24.0)).toBeLessThan(0.05);
  });

  it('leaves a run without drift uncorrected', () => {
    const groups = [
      { key: 'a', points: [at(1, 1 + noise(1)), at(9, 1 + noise(2)), at(17, 1 + noise(3))] },
      { key: 'b', points: [at(2, 5 + noise(4)), at(10, 5 + noise(5)), at(18, 5 + noise(6))] },
    ];
    const check = checkDrift(groups)!;
    expect(check.significant).toBe(false);
    expect(check.degreesOfFreedom).toBe(3);
  });
});
