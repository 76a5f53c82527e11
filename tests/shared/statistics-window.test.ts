import { describe, expect, it } from 'vitest';
import { defaultSummaryWindow } from '../../src/shared/statistics.ts';

describe("the dashboard's default window", () => {
  it("starts on the laboratory's today, not UTC's", () => {
    // 04:25 on 2 December in Ho Chi Minh City is still 1 December in UTC.
    const lateNight = new Date('2026-12-01T21:25:00Z');
    expect(defaultSummaryWindow('Asia/Ho_Chi_Minh', lateNight)).toEqual({
      fromDate: '2026-12-02',
      toDate: '2026-12-05',
    });
    expect(defaultSummaryWindow('UTC', lateNight)).toEqual({ fromDate: '2026-12-01', toDate: '2026-12-04' });
  });

  it('crosses a month and a year end', () => {
    expect(defaultSummaryWindow('Asia/Ho_Chi_Minh', new Date('2026-12-30T12:00:00Z'))).toEqual({
      fromDate: '2026-12-30',
      toDate: '2027-01-02',
    });
  });
});
