import { act, render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { noticeQueued } from '@/app/bench/actions/announce';

// Bench confirmations never stack over the list: one compact notice at the top centre, each new
// one replacing the last (the Actions column sits on the right, where other toasts appear).
describe('bench confirmation notice', () => {
  it('shows one notice at a time, at the top centre, for a row of check-ins', async () => {
    render(<Toaster position="bottom-right" />);
    await act(async () => {
      for (const n of [1, 2, 3, 4, 5]) noticeQueued('Saved on this device', `Sample IDFL-2026-0000${n}`);
    });
    expect(await screen.findByText('Sample IDFL-2026-00005')).toBeTruthy();
    expect(screen.getAllByText('Saved on this device')).toHaveLength(1);
    expect(screen.queryByText('Sample IDFL-2026-00001')).toBeNull();
    const toaster = screen.getByText('Sample IDFL-2026-00005').closest('[data-sonner-toaster]');
    expect(toaster?.getAttribute('data-y-position')).toBe('top');
    expect(toaster?.getAttribute('data-x-position')).toBe('center');
  });
});
