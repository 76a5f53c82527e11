import { describe, expect, it } from 'vitest';
import { formatDelta, formatUncertainty } from '../../src/shared/certificate.ts';
import { formatFixed, formatGrams } from '../../src/shared/measurement/quantities.ts';

describe('numbers as the laboratory writes them', () => {
  it('prints a value that rounds to zero without a sign', () => {
    expect(formatFixed(-0.004, 2)).toBe('0.00');
    expect(formatFixed(-0, 3)).toBe('0.000');
    expect(formatFixed(-0.005001, 2)).toBe('-0.01');
    expect(formatDelta(-0.001, 0.15)).toBe('0.00 ± 0.15 ‰');
    expect(formatUncertainty(0.004)).toBe('± 0.00 ‰');
  });

  it('keeps the decimal point and no thousands separator, whatever the language', () => {
    expect(formatFixed(-26.4, 2)).toBe('-26.40');
    expect(formatFixed(12345.678, 1)).toBe('12345.7');
    expect(formatGrams(1234.5)).toBe('1234.5 g');
  });

  it('shows a dash for no value', () => {
    expect(formatFixed(null, 2)).toBe('—');
    expect(formatFixed(Number.NaN, 2)).toBe('—');
    expect(formatDelta(null)).toBe('—');
  });
});
