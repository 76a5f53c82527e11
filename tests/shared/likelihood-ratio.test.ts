import { describe, expect, it } from 'vitest';
import {
  claimLikelihoodRatio,
  enfsiVerbalScale,
  formatLikelihoodRatio,
  isQuotableCllr,
} from '../../src/shared/likelihood-ratio.ts';

describe('[CERTIFICATE] the ENFSI verbal scale of a likelihood ratio', () => {
  it.each([
    [2, 'weak'],
    [9.99, 'weak'],
    [10, 'moderate'],
    [99, 'moderate'],
    [100, 'moderatelyStrong'],
    [1000, 'strong'],
    [9999, 'strong'],
    [1e4, 'veryStrong'],
    [999_999, 'veryStrong'],
    [1e6, 'extremelyStrong'],
    [1e9, 'extremelyStrong'],
  ])('reads LR %d as %s support for the claim', (lr, level) => {
    expect(enfsiVerbalScale(lr)).toEqual({ direction: 'claim', level });
  });

  it('reads a ratio below one symmetrically, as support for the alternatives', () => {
    expect(enfsiVerbalScale(1 / 50)).toEqual({ direction: 'alternatives', level: 'moderate' });
    expect(enfsiVerbalScale(0.5)).toEqual({ direction: 'alternatives', level: 'weak' });
    expect(enfsiVerbalScale(1e-7)).toEqual({ direction: 'alternatives', level: 'extremelyStrong' });
  });

  it('supports neither at 1 and refuses what is not a positive ratio', () => {
    expect(enfsiVerbalScale(1)).toEqual({ direction: 'neither', level: null });
    for (const bad of [0, -3, Number.NaN]) expect(enfsiVerbalScale(bad)).toBeNull();
  });

  it('takes the ratio as posterior odds over the uniform prior odds, as the Cllr does', () => {
    // Four regions: prior odds 1 : 3; posterior 0.5 → odds 1 → LR 3.
    expect(claimLikelihoodRatio(0.5, 4)).toBeCloseTo(3);
    expect(claimLikelihoodRatio(0.25, 4)).toBeCloseTo(1);
    expect(Number.isFinite(claimLikelihoodRatio(1, 4))).toBe(true);
  });

  it('quotes a ratio only when the Cllr is below one bit, and prints it readably', () => {
    expect(isQuotableCllr(0.3)).toBe(true);
    expect(isQuotableCllr(1)).toBe(false);
    expect(isQuotableCllr(null)).toBe(false);
    expect(formatLikelihoodRatio(3)).toBe('3');
    expect(formatLikelihoodRatio(12.345)).toBe('12.3');
    expect(formatLikelihoodRatio(4321.7)).toBe('4322');
    expect(formatLikelihoodRatio(2.5e7)).toBe('2.5 × 10^7');
  });
});
