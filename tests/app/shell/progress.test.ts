import { afterEach, describe, expect, it, vi } from 'vitest';
import { finishProgress, startProgress } from '@/app/lib/progress';

// The route-load bar: its template has no role="bar" (not an ARIA role), so NProgress must be told
// where its bar is, or every navigation throws inside the router and shows "Something went wrong".
describe('route-load progress bar', () => {
  afterEach(() => vi.useRealTimers());

  it('starts, trickles and finishes without throwing, its bar hidden from readers', () => {
    vi.useFakeTimers();
    expect(() => startProgress()).not.toThrow();
    const bar = document.querySelector('#nprogress .bar');
    expect(bar).not.toBeNull();
    expect(bar?.getAttribute('aria-hidden')).toBe('true');
    expect(bar?.getAttribute('role')).toBeNull();
    expect(() => vi.advanceTimersByTime(2_000)).not.toThrow();
    expect(() => finishProgress()).not.toThrow();
    expect(() => vi.advanceTimersByTime(2_000)).not.toThrow();
  });
});
