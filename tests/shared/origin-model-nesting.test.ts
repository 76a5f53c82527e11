import { describe, expect, it } from 'vitest';
import { strawberries } from '../../bench/origin-data.ts';
import {
  fitOriginModel,
  innerDensityProbabilities,
  type ReferenceSample,
} from '../../src/shared/origin-model/estimator.ts';

// The trees' weight is chosen on the densities' inner out-of-fold probabilities. Those must come
// from a procedure that never saw the records they are scored on: the density settings of an
// inner fold are chosen on the fold's training part, not on every training record.

describe('[ORIGIN MODEL] the densities beside the trees are judged on records they never saw', () => {
  const data = strawberries();
  const densities = fitOriginModel(data, { trees: 0 });
  const inner = innerDensityProbabilities(densities, data);
  const moved = 0;
  const fold = inner.fold[moved]!;
  // One reference of the fold pushed ten times as far from the centre of the set, every element.
  const far: ReferenceSample[] = data.map((r, i) =>
    i !== moved
      ? r
      : {
          ...r,
          values: Object.fromEntries(
            densities.elements.map((e, j) => [e, densities.center[j]! + 10 * (r.values[e]! - densities.center[j]!)]),
          ),
        },
  );
  const farDensities = fitOriginModel(far, { trees: 0 });
  const farInner = innerDensityProbabilities(farDensities, far);

  it('moves the settings chosen on every record (so a fold reusing them would see it)', () => {
    expect(densities.referenceCount).toBe(data.length);
    expect(farDensities.settings).not.toEqual(densities.settings);
  });

  it("leaves the moved reference's own fold's settings and its other references' probabilities as they were", () => {
    expect(farInner.fold).toEqual(inner.fold);
    expect(farInner.models[fold]!.settings).toEqual(inner.models[fold]!.settings);
    const others = data.flatMap((_, i) => (inner.fold[i] === fold && i !== moved ? [i] : []));
    expect(others.length).toBeGreaterThan(20);
    for (const i of others) expect(farInner.probabilities[i]).toEqual(inner.probabilities[i]);
    // The moved reference itself is judged on its new values, by the same densities.
    expect(farInner.probabilities[moved]).not.toEqual(inner.probabilities[moved]);
  });

  it('gives every reference probabilities over the model regions, summing to 1', () => {
    expect(inner.probabilities).toHaveLength(data.length);
    for (const p of inner.probabilities) {
      expect(p).toHaveLength(densities.regions.length);
      expect(p.reduce((s, v) => s + v, 0)).toBeCloseTo(1, 10);
    }
  });
});
