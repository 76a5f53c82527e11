import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '@/app/lib/session/session';
import { offlineDb } from '@/app/offline/db';
import { ConfirmSampleDialog } from '@/app/bench/actions/confirm-sample-dialog';
import { SampleActionBar } from '@/app/bench/actions/sample-action-bar';
import { sampleChangeOf, sampleChangeRequest } from '@/shared/workflow/sample-endpoints';
import { statusAfter } from '@/app/bench/actions/sample-requests';
import { SampleStatusBadge } from '@/app/bench/sample-status-badge';
import { usePendingSampleChanges, useSampleAction } from '@/app/bench/actions/use-sample-action';
import { formatSampleDate } from '@/app/bench/format';
import { previewRemainingWeight } from '@/app/features/tester/tester-sample-form';
import '@/app/lib/words/i18n';
import { signInWith } from '../support/session.ts';

beforeEach(async () => {
  await offlineDb.outbox.clear();
});

afterEach(() => {
  act(() => clearSession());
});

describe('SampleStatusBadge', () => {
  it('names the status in the laboratory words', () => {
    render(<SampleStatusBadge status="SentToTester" />);
    const badge = screen.getByText('Sent to tester');
    expect(badge.getAttribute('data-status')).toBe('SentToTester');
    expect(badge.hasAttribute('data-pending')).toBe(false);
  });

  it('shows a queued transition as pending, towards its target status', () => {
    render(<SampleStatusBadge status="SentToTester" pendingTo="TesterConfirmed" pendingState="pending" />);
    const badge = screen.getByText(/Tester confirmed/);
    expect(badge.textContent).toContain('Tester confirmed · pending');
    expect(badge.getAttribute('data-pending')).toBe('true');
    expect(badge.getAttribute('data-status')).toBe('TesterConfirmed');
  });

  it('marks a refused change for attention', () => {
    render(<SampleStatusBadge status="SentToTester" pendingTo="TesterConfirmed" pendingState="conflict" />);
    expect(screen.getByText(/conflict/)).toBeTruthy();
  });
});

describe('ConfirmSampleDialog: the confirmation checkbox rule', () => {
  function renderDialog(onConfirm: () => boolean | void) {
    const onOpenChange = vi.fn();
    render(
      <ConfirmSampleDialog
        open
        onOpenChange={onOpenChange}
        title="Confirm Transfer"
        confirmLabel="Transfer"
        onConfirm={onConfirm}
      >
        <p>Review</p>
      </ConfirmSampleDialog>,
    );
    return { onOpenChange };
  }

  it('refuses to confirm until the box is ticked', async () => {
    const onConfirm = vi.fn();
    const { onOpenChange } = renderDialog(onConfirm);
    expect(screen.getByLabelText('I confirm all information above is correct.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please confirm all information is correct.');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('confirms once ticked, and closes', async () => {
    const onConfirm = vi.fn();
    const { onOpenChange } = renderDialog(onConfirm);
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    await screen.findByRole('alert');
    fireEvent.click(screen.getByRole('checkbox', { name: 'I confirm all information above is correct.' }));
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it('stays open when the caller says its own fields are not right', async () => {
    const { onOpenChange } = renderDialog(() => false);
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

describe('SampleActionBar: only the actions the status and the permissions allow', () => {
  const bench = ['csCheckIn', 'transferToTester', 'testerCheckIn', 'undoTester'] as const;

  function offered() {
    return screen.queryAllByRole('button').map((button) => button.textContent);
  }

  it('offers the tester check-in and undo on a sample sent to the tester', () => {
    signInWith(['CanCheckInSampleEntryTester', 'CanUndoStatusIsotopeForTester']);
    render(<SampleActionBar status="SentToTester" handled={bench} onAction={() => undefined} />);
    expect(offered()).toEqual(['Check in', 'Undo to CS']);
  });

  it('offers nothing the role does not hold', () => {
    signInWith(['CanCheckInSampleEntryCs', 'CanTransferSampleEntryToTester']);
    render(<SampleActionBar status="SentToTester" handled={bench} onAction={() => undefined} />);
    expect(offered()).toEqual([]);
  });

  it('offers nothing the status does not allow', () => {
    signInWith(['CanCheckInSampleEntryTester', 'CanUndoStatusIsotopeForTester', 'CanTransferSampleEntryToTester']);
    render(<SampleActionBar status="New" handled={bench} onAction={() => undefined} />);
    expect(offered()).toEqual([]);
  });

  it('offers the client-side lab check-in on a New sample and the transfer once checked in', () => {
    signInWith(['CanCheckInSampleEntryCs', 'CanTransferSampleEntryToTester']);
    const { unmount } = render(<SampleActionBar status="New" handled={bench} onAction={() => undefined} />);
    expect(offered()).toEqual(['Check in']);
    unmount();
    const onAction = vi.fn();
    render(<SampleActionBar status="CsConfirmed" handled={bench} onAction={onAction} />);
    fireEvent.click(screen.getByRole('button', { name: 'Transfer to tester' }));
    expect(onAction).toHaveBeenCalledWith('transferToTester');
  });

  it('offers only the actions the screen handles', () => {
    signInWith(['CanCheckInSampleEntryTester', 'CanUndoStatusIsotopeForTester']);
    render(<SampleActionBar status="TesterConfirmed" handled={['testerCheckIn']} onAction={() => undefined} />);
    expect(offered()).toEqual([]);
  });
});

describe('sample change requests', () => {
  it('maps each change to its call, and back', () => {
    expect(sampleChangeRequest('testerCheckIn', 12)).toEqual({ method: 'PUT', path: '/api/tester-lab/check-in?id=12' });
    expect(sampleChangeRequest('undoTester', 3).path).toBe(
      '/api/tester-lab/undo-status-isotope?id=3&Status=CsConfirmed',
    );
    expect(sampleChangeRequest('csCheckIn', 4).path).toBe('/api/cs-lab/check-in?id=4&entry=sample');
    expect(sampleChangeRequest('undoThirdLabTransaction', 0, { packageCode: 'PKG-2026-00001' }).path).toBe(
      '/api/third-lab/undo-sample-transaction?packageCode=PKG-2026-00001',
    );
    expect(sampleChangeOf('PUT', '/api/tester-lab/check-in?id=12')).toBe('testerCheckIn');
    expect(sampleChangeOf('PUT', '/api/cs-lab/transfer-to-tester?id=1')).toBe('transferToTester');
    expect(sampleChangeOf('POST', '/api/tester-lab/transfer-to-third-lab?id=1')).toBe('addToDispatchBatch');
    expect(sampleChangeOf('GET', '/api/tester-lab/check-in?id=12')).toBeUndefined();
    expect(statusAfter('testerCheckIn')).toBe('TesterConfirmed');
    expect(statusAfter('testerUpdate')).toBeUndefined();
  });

  it('the remaining weight preview is initial minus sent', () => {
    expect(previewRemainingWeight(10, 2.5)).toBe(7.5);
    expect(previewRemainingWeight('10', '')).toBe(10);
    expect(previewRemainingWeight('', 3)).toBeUndefined();
  });
});

describe('useSampleAction', () => {
  it('queues the action in the outbox and shows it pending towards its target status', async () => {
    const { result } = renderHook(() => ({
      action: useSampleAction('tester-samples'),
      pending: usePendingSampleChanges('tester-samples'),
    }));
    let key: string | undefined;
    await act(async () => {
      key = await result.current.action.fire(
        'testerCheckIn',
        { id: 41, idflNumber: 'IDFL-2026-00041' },
        { quiet: true },
      );
    });
    const entry = await offlineDb.outbox.get(key!);
    expect(entry).toMatchObject({
      method: 'PUT',
      path: '/api/tester-lab/check-in?id=41',
      state: 'pending',
      label: 'Tester check-in of sample IDFL-2026-00041',
      entity: { list: 'tester-samples', id: 41 },
    });
    await waitFor(() =>
      expect(result.current.pending.get(41)).toMatchObject({ change: 'testerCheckIn', to: 'TesterConfirmed' }),
    );
    expect(result.current.pending.get(42)).toBeUndefined();
  });
});

describe('formatSampleDate', () => {
  it('shows a calendar date as its day and a moment with its time', () => {
    expect(formatSampleDate('2026-11-21T00:00:00.000Z')).toBe('21 November 2026');
    expect(formatSampleDate('2026-11-21')).toBe('21 November 2026');
    expect(formatSampleDate('2026-11-21T10:50:36.798Z')).toMatch(/^21 November 2026 \d{2}:\d{2}$/);
    expect(formatSampleDate(null)).toBe('');
  });
});
