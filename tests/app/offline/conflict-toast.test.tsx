import { act, render, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '@/app/lib/words/i18n';
import { useSampleConflictToasts } from '@/app/bench/actions/use-sample-action';
import { offlineDb } from '@/app/offline/db';
import { enqueueWritten } from '@/app/offline/outbox';
import { clearOfflineData } from '@/app/offline/session-mirror';
import { announceSynced } from '@/app/offline/sync-events';

function Bench() {
  useSampleConflictToasts();
  return null;
}

beforeEach(async () => {
  await clearOfflineData();
});

describe('conflict toasts', () => {
  it('tells of a conflict once and records on the device that it was told (a reload does not toast it again)', async () => {
    const error = vi.spyOn(toast, 'error');
    const key = await enqueueWritten({
      method: 'PUT',
      path: '/api/tester-lab/update-sample?id=3',
      body: { note: 'x', version: 1 },
      label: 'Update IDFL-2026-00003',
      entity: { list: 'tester-samples', id: 3, record: 'sample' },
    });
    await offlineDb.outbox.update(key, { state: 'conflict', lastError: 'Changed by someone else.' });
    const first = render(<Bench />);
    act(() => announceSynced({ done: 0, failed: 0, conflicts: 1, lists: [] }));
    await waitFor(() => expect(error).toHaveBeenCalledTimes(1));
    await waitFor(async () => expect((await offlineDb.outbox.get(key))?.conflictToldAt).toBeTruthy());
    first.unmount();

    render(<Bench />);
    act(() => announceSynced({ done: 0, failed: 0, conflicts: 1, lists: [] }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(error).toHaveBeenCalledTimes(1);
  });
});

describe('refusal toasts', () => {
  it('tells of a third-lab step the server refused, with its reason, on any bench (one hook for all four)', async () => {
    const error = vi.spyOn(toast, 'error');
    error.mockClear();
    const key = await enqueueWritten({
      method: 'PUT',
      path: '/api/third-lab/check-in?id=5',
      body: { version: 2 },
      label: 'Confirm received IDFL-2026-00005',
      entity: { list: 'third-lab-samples', id: 5, record: 'sample' },
    });
    await offlineDb.outbox.update(key, { state: 'failed', lastError: 'The sample is not at the third lab.' });
    render(<Bench />);
    act(() => announceSynced({ done: 0, failed: 1, conflicts: 0, lists: [] }));
    await waitFor(() => expect(error).toHaveBeenCalledTimes(1));
    expect(error.mock.calls[0]?.[0]).toBe('Change refused');
    expect(error.mock.calls[0]?.[1]?.description).toBe(
      'Confirm received IDFL-2026-00005: The sample is not at the third lab. See the Sync page.',
    );
  });
});
