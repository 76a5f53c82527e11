import { render, screen } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { SampleEntry } from '@/app/bench/sample-queries';
import { SampleTable, type SampleColumn } from '@/app/bench/list/sample-table';
import type { PendingSampleChange } from '@/app/bench/actions/use-sample-action';
import '@/app/lib/words/i18n';

function samplesOf(count: number): SampleEntry[] {
  return Array.from(
    { length: count },
    (_, index) =>
      ({
        id: index + 1,
        idflNumber: `IDFL-2026-${String(index + 1).padStart(5, '0')}`,
        status: 'SentToTester',
      }) as SampleEntry,
  );
}

const columns: SampleColumn[] = [{ key: 'idfl', header: 'IDFL number', cell: (sample) => sample.idflNumber }];
const ordering = { field: 'idflNumber', direction: 'asc' } as const;

/** The table as a bench shows it, loaded, with these rows and queued changes. */
function renderTable(items: SampleEntry[], pending = new Map<number, PendingSampleChange>()) {
  render(
    <SampleTable
      items={items}
      columns={columns}
      pending={pending}
      isLoading={false}
      error={null}
      ordering={ordering}
      onOrder={() => undefined}
    />,
  );
}

describe('SampleTable', () => {
  it('renders every row of a short page and marks the ones with a queued change', () => {
    const pending = new Map<number, PendingSampleChange>([
      [2, { key: 'k', change: 'testerCheckIn', state: 'pending', to: 'TesterConfirmed' }],
    ]);
    renderTable(samplesOf(5), pending);
    const rows = document.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(5);
    expect(document.querySelector('tr[data-idfl="IDFL-2026-00002"]')?.getAttribute('data-pending')).toBe('true');
    expect(document.querySelector('tr[data-idfl="IDFL-2026-00001"]')?.hasAttribute('data-pending')).toBe(false);
  });

  it('marks a row whose change the server refused (a conflict), with the reason', () => {
    const pending = new Map<number, PendingSampleChange>([
      [3, { key: 'k3', change: 'testerUpdate', state: 'conflict', error: 'Changed by someone else.' }],
      [4, { key: 'k4', change: 'testerCheckIn', state: 'pending', to: 'TesterConfirmed' }],
    ]);
    renderTable(samplesOf(5), pending);
    const conflicting = document.querySelector('tr[data-idfl="IDFL-2026-00003"]');
    expect(conflicting?.getAttribute('data-sync-state')).toBe('conflict');
    expect(conflicting?.getAttribute('title')).toContain('Changed by someone else.');
    expect(conflicting?.className).toContain('border-l-destructive');
    const waiting = document.querySelector('tr[data-idfl="IDFL-2026-00004"]');
    expect(waiting?.getAttribute('data-sync-state')).toBe('pending');
    expect(waiting?.className).not.toContain('border-l-destructive');
  });

  it('renders only the rows in view of a long page (virtualised)', () => {
    // jsdom lays nothing out: the scroll box is given the height a tablet screen would give it.
    const measure = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    onTestFinished(() => measure.mockRestore());
    renderTable(samplesOf(500));
    const shown = document.querySelectorAll('tbody tr[data-idfl]').length;
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(100);
    expect(screen.getByText('IDFL-2026-00001')).toBeTruthy();
    expect(screen.queryByText('IDFL-2026-00500')).toBeNull();
  });

  it('says there is nothing to show', () => {
    renderTable([]);
    expect(screen.getByText('No data')).toBeTruthy();
  });
});
