import { describe, expect, it } from 'vitest';
import { retryDelay } from '../../../src/app/offline/runner.ts';

describe('outbox runner backoff', () => {
  it('waits 5 s after the first failure, doubles, and never waits more than 5 minutes', () => {
    const middle = () => 0.5; // no jitter
    expect([1, 2, 3, 4].map((n) => retryDelay(n, middle))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelay(20, middle)).toBe(300_000);
  });

  it('spreads retries by ±20% so devices coming back together do not all call at once', () => {
    expect(retryDelay(1, () => 0)).toBe(4_000);
    expect(retryDelay(1, () => 1)).toBe(6_000);
  });
});
