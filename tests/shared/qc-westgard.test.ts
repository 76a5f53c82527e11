import { describe, expect, it } from 'vitest';
import {
  CONTROL_BASELINE_RESULTS,
  duplicateFlags,
  establishLimits,
  judgeCheck,
  runVerdict,
} from '../../src/shared/measurement/qc-westgard.ts';

// The Westgard rules by hand: results given as multiples of the SD around a mean of 10.

const limits = { mean: 10, sd: 0.1 };
const at = (...zs: number[]) => zs.map((z) => 10 + z * 0.1);
const rulesOf = (earlier: number[], current: number[]) =>
  judgeCheck({ limits, earlier: at(...earlier), current: at(...current) }).rules;

describe('[QC] establishing a chart', () => {
  it('needs 20 results, and takes the mean and sample SD of the first 20', () => {
    const nineteen = Array.from({ length: 19 }, (_, i) => (i % 2 ? 10.1 : 9.9));
    expect(establishLimits(nineteen)).toBeNull();
    const twenty = [...nineteen, 10.1];
    const limits = establishLimits([...twenty, 50])!;
    expect(CONTROL_BASELINE_RESULTS).toBe(20);
    expect(limits.mean).toBeCloseTo(10, 10);
    // Ten at +0.1, ten at −0.1: Σ(x − x̄)² = 0.2, s = √(0.2/19).
    expect(limits.sd).toBeCloseTo(Math.sqrt(0.2 / 19), 10);
    expect(establishLimits(Array.from({ length: 20 }, () => 10))).toBeNull();
  });
});

describe('[QC] the rules', () => {
  it('passes a result within 2 SD, warns beyond 2 SD (1-2s), rejects beyond 3 SD (1-3s)', () => {
    expect(rulesOf([], [1.9])).toEqual([]);
    expect(rulesOf([], [-2.1])).toEqual(['1-2s']);
    expect(rulesOf([], [3.1])).toEqual(['1-3s', '1-2s']);
    expect(runVerdict([{ rules: ['1-2s'] }])).toBe('warning');
    expect(runVerdict([{ rules: ['1-3s', '1-2s'] }, { rules: [] }])).toBe('rejected');
    expect(runVerdict([{ rules: [] }])).toBe('inControl');
    expect(runVerdict([])).toBe('notJudged');
  });

  it('rejects two results in a row beyond 2 SD on one side (2-2s), across runs too', () => {
    expect(rulesOf([2.5], [2.2])).toEqual(['2-2s', '1-2s']);
    expect(rulesOf([], [-2.5, -2.2])).toEqual(['2-2s', '1-2s']);
    expect(rulesOf([2.5], [-2.2])).toEqual(['1-2s']);
    expect(rulesOf([2.5, 0], [2.2])).toEqual(['1-2s']);
  });

  it('rejects one result beyond +2 SD and another beyond −2 SD in the run (R-4s), not across runs', () => {
    expect(rulesOf([], [2.5, -2.1])).toEqual(['R-4s', '1-2s']);
    expect(rulesOf([2.5], [-2.1])).toEqual(['1-2s']);
  });

  it('rejects four in a row beyond 1 SD on one side (4-1s)', () => {
    expect(rulesOf([1.5, 1.2, 1.1], [1.4])).toEqual(['4-1s']);
    expect(rulesOf([1.5, 0.9, 1.1], [1.4])).toEqual([]);
    expect(rulesOf([-1.5, -1.2], [-1.1, -1.4])).toEqual(['4-1s']);
  });

  it('rejects ten in a row on one side of the mean (10-x)', () => {
    expect(rulesOf([0.3, 0.2, 0.1, 0.5, 0.4, 0.2, 0.3, 0.6, 0.1], [0.2])).toEqual(['10-x']);
    expect(rulesOf([0.3, 0.2, 0.1, 0.5, -0.4, 0.2, 0.3, 0.6, 0.1], [0.2])).toEqual([]);
  });

  it('does not count again a pattern that lies wholly in earlier runs', () => {
    expect(rulesOf([2.5, 2.5, 3.5, 1.5, 1.5, 1.5, 1.5], [0])).toEqual([]);
  });

  it('gives each result of the run its z', () => {
    const { z } = judgeCheck({ limits, earlier: [], current: at(1, -2) });
    expect(z[0]).toBeCloseTo(1, 10);
    expect(z[1]).toBeCloseTo(-2, 10);
  });
});

describe('[QC] duplicates of one sample', () => {
  const point = (normalised: number) => ({ analysis: 1, position: 1, measured: 0, corrected: 0, normalised });
  const sample = (values: number[]) => ({
    sampleEntryId: 7,
    idflNumber: 'IDFL-2026-00007',
    value: 0,
    sd: null,
    n: values.length,
    uncertainty: 0,
    extrapolated: false,
    points: values.map(point),
  });
  it('flags duplicates differing by more than the element limit', () => {
    expect(duplicateFlags([{ element: 'carbon', samples: [sample([-25, -25.2])] }])).toEqual([]);
    expect(duplicateFlags([{ element: 'carbon', samples: [sample([-25, -25.25])] }])).toEqual([
      {
        sampleEntryId: 7,
        idflNumber: 'IDFL-2026-00007',
        element: 'carbon',
        range: expect.closeTo(0.25, 6),
        limit: 0.2,
      },
    ]);
    expect(duplicateFlags([{ element: 'nitrogen', samples: [sample([5, 5.25])] }])).toEqual([]);
    expect(duplicateFlags([{ element: 'hydrogen', samples: [sample([-60, -63.5])] }])).toHaveLength(1);
    expect(duplicateFlags([{ element: 'hydrogen', samples: [sample([-60, -62.5])] }])).toEqual([]);
    expect(duplicateFlags([{ element: 'oxygen', samples: [sample([20])] }])).toEqual([]);
  });
});
