import { describe, expect, it } from 'vitest';
import {
  elementUncertainty,
  MIN_CHECK_RESULTS,
  proficiencyOutcome,
  proficiencyTestInputSchema,
  reportedExpanded,
  uncertaintyCorners,
  windowStart,
  zScore,
  type CheckResult,
} from '../../src/shared/measurement/measurement-uncertainty.ts';

// The laboratory's measurement uncertainty from its check standards (Nordtest TR 537), checked
// against a calculation done by hand, and the proficiency tests' z-scores and classes.

const AS_OF = '2026-03-31';
let run = 0;
const result = (
  material: string,
  value: number,
  assigned: number | null,
  assignedUncertainty: number | null,
  measuredOn = '2026-03-10',
  element: CheckResult['element'] = 'carbon',
): CheckResult => ({ element, material, runId: ++run, measuredOn, value, assigned, assignedUncertainty });

// Two check standards of δ13C over the window:
//   A (assigned −27.77, u 0.04): −27.70, −27.80, −27.75 → mean −27.75, Σ(x − x̄)² = 0.0025 + 0.0025 + 0 = 0.005,
//     bias = −27.75 − (−27.77) = 0.02
//   B (assigned −40.81, u 0.06): −40.70, −40.80, −40.90, −40.80 → mean −40.80, Σ(x − x̄)² = 0.01 + 0 + 0.01 + 0 = 0.02,
//     bias = −40.80 − (−40.81) = 0.01
// u(Rw)     = √((0.005 + 0.02) / ((3 − 1) + (4 − 1))) = √(0.025 / 5) = √0.005 = 0.070711
// RMS_bias  = √((0.02² + 0.01²) / 2) = √0.00025 = 0.015811
// u(Cref)   = (0.04 + 0.06) / 2 = 0.05
// u(bias)   = √(0.00025 + 0.0025) = √0.00275 = 0.052440
// u_c       = √(0.005 + 0.00275) = √0.00775 = 0.088034
// U = 2·u_c = 0.176068, printed rounded up: 0.18
const HAND = {
  reproducibility: Math.sqrt(0.005),
  rmsBias: Math.sqrt(0.00025),
  referenceUncertainty: 0.05,
  biasUncertainty: Math.sqrt(0.00275),
  combined: Math.sqrt(0.00775),
  expanded: 2 * Math.sqrt(0.00775),
};

const WINDOW_DATA = [
  result('A', -27.7, -27.77, 0.04),
  result('A', -27.8, -27.77, 0.04),
  result('A', -27.75, -27.77, 0.04),
  result('B', -40.7, -40.81, 0.06),
  result('B', -40.8, -40.81, 0.06),
  result('B', -40.9, -40.81, 0.06),
  result('B', -40.8, -40.81, 0.06),
  // Not counted: measured once in the window (no spread), before the window, after the day, another element.
  result('C', -10.9, -10.45, 0.03),
  result('A', -25.0, -27.77, 0.04, '2026-01-30'),
  result('A', -25.0, -27.77, 0.04, '2026-04-01'),
  result('A', 3.0, 1.0, 0.2, '2026-03-10', 'nitrogen'),
];

describe('[QC] measurement uncertainty (Nordtest)', () => {
  it('matches the hand calculation', () => {
    const u = elementUncertainty('carbon', WINDOW_DATA, AS_OF);
    expect(u.window).toEqual({ from: '2026-01-31', to: AS_OF, days: 60 });
    expect(u.n).toBe(7);
    expect(u.notEstablished).toBeNull();
    for (const [key, value] of Object.entries(HAND)) expect(u[key as keyof typeof HAND], key).toBeCloseTo(value, 9);
    expect(u.expanded).toBeCloseTo(0.176068, 6);
    expect(reportedExpanded(u.expanded!)).toBe(0.18);
    expect(u.materials.map((m) => [m.material, m.n, m.inReproducibility])).toEqual([
      ['A', 3, true],
      ['B', 4, true],
      ['C', 1, false],
    ]);
    expect(u.materials[0]!.bias).toBeCloseTo(0.02, 9);
    expect(u).toMatchObject({ delta: 'δ13C', scale: 'VPDB', coverageFactor: 2 });
  });

  it('states none with too few results, and none without the assigned values’ uncertainty', () => {
    const few = elementUncertainty('carbon', WINDOW_DATA.slice(1), AS_OF);
    expect(few.n).toBe(MIN_CHECK_RESULTS);
    expect(few.expanded).not.toBeNull();
    // Two of A's three gone: its one left is not counted either, so 4 results remain.
    const fewer = elementUncertainty('carbon', WINDOW_DATA.slice(2), AS_OF);
    expect(fewer).toMatchObject({ n: 4, expanded: null, combined: null, notEstablished: 'tooFewResults' });
    const unstated = elementUncertainty(
      'carbon',
      WINDOW_DATA.map((r) => ({ ...r, assignedUncertainty: null })),
      AS_OF,
    );
    expect(unstated).toMatchObject({ expanded: null, notEstablished: 'noReferenceUncertainty' });
    expect(unstated.reproducibility).toBeCloseTo(HAND.reproducibility, 9);
    expect(elementUncertainty('sulfur', WINDOW_DATA, AS_OF)).toMatchObject({ n: 0, expanded: null });
  });

  it('counts the window in calendar days, the day itself included', () => {
    expect(windowStart('2026-03-31')).toBe('2026-01-31');
    expect(windowStart('2026-03-01', 1)).toBe('2026-03-01');
  });

  it('gives the 2^k corners of the uncertainty box', () => {
    const corners = uncertaintyCorners({ d13C: -27, d2H: -60, d18O: 24 }, { d13C: 0.2, d2H: 2 });
    expect(corners).toHaveLength(4);
    expect(corners).toContainEqual({ d13C: -27.2, d2H: -62, d18O: 24 });
    expect(corners).toContainEqual({ d13C: -26.8, d2H: -58, d18O: 24 });
    expect(uncertaintyCorners({ a: 1 }, {})).toEqual([{ a: 1 }]);
  });
});

describe('[QC] proficiency tests', () => {
  it('computes z and classes it at the ISO 13528 limits', () => {
    expect(zScore(-27.5, -27.8, 0.15)).toBeCloseTo(2, 9);
    expect(proficiencyOutcome(2)).toBe('satisfactory');
    expect(proficiencyOutcome(-2.0001)).toBe('questionable');
    expect(proficiencyOutcome(3)).toBe('questionable');
    expect(proficiencyOutcome(-3.01)).toBe('unsatisfactory');
  });

  it('refuses a date that is no day', () => {
    const parsed = proficiencyTestInputSchema.safeParse({
      scheme: 'FIT-PTS',
      roundDate: '2026-02-30',
      material: 'Sugar',
      element: 'carbon',
      assignedValue: -26,
      laboratoryValue: -26.1,
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]).toMatchObject({ path: ['roundDate'], message: 'Enter a real date' });
  });
});
