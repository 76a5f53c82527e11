import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../src/app/lib/words/i18n.ts';
import { SyncIndicator } from '../../../src/app/features/sync/sync-indicator.tsx';
import { SyncPage } from '../../../src/app/features/sync/sync-page.tsx';
import { connectionOf } from '../../../src/app/offline/connection.ts';
import { META_KEYS, offlineDb, writeMeta } from '../../../src/app/offline/db.ts';
import { enqueueWritten, listMutations } from '../../../src/app/offline/outbox.ts';
import { clearOfflineData } from '../../../src/app/offline/session-mirror.ts';

function renderAt(path: string) {
  const root = createRootRoute({
    component: () => (
      <>
        <SyncIndicator />
        <Outlet />
      </>
    ),
  });
  const routes = [
    createRoute({ getParentRoute: () => root, path: '/', component: () => <p>home</p> }),
    createRoute({ getParentRoute: () => root, path: '/sync', component: SyncPage }),
    createRoute({ getParentRoute: () => root, path: '/auth/login', component: () => <p>login</p> }),
  ];
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  return render(<RouterProvider router={router} />);
}

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

async function queueFailedAndConflicting() {
  const failed = await enqueueWritten({
    method: 'POST',
    path: '/api/country',
    body: { code: 'x', name: 'Bad' },
    label: 'Add country x',
    entity: { list: 'countries' },
  });
  const conflict = await enqueueWritten({
    method: 'PUT',
    path: '/api/country?id=7',
    body: { code: 'VN', name: 'Mine', version: 1 },
    label: 'Rename VN',
    entity: { list: 'countries', id: 7 },
  });
  await offlineDb.outbox.update(failed, {
    state: 'failed',
    responseStatus: 400,
    lastError: 'Code must be 2 or 3 capital letters',
  });
  await offlineDb.outbox.update(conflict, {
    state: 'conflict',
    responseStatus: 409,
    lastError: 'This country was changed by someone else. Review the current values and try again.',
    serverRecord: { id: 7, code: 'VN', name: 'Theirs', version: 2 },
  });
  return { failed, conflict };
}

beforeEach(async () => {
  // jsdom has no scrolling; the router restores scroll positions on navigation.
  window.scrollTo = () => undefined;
  await clearOfflineData();
  await i18n.changeLanguage('en');
  setOnline(false); // keeps the runner from trying a server that does not exist here
});

afterEach(() => {
  cleanup();
});

describe('sync indicator', () => {
  it('always shows the network state and the count of unsent changes, and leads to the sync page', async () => {
    renderAt('/');
    const indicator = await screen.findByTestId('sync-indicator');
    expect(indicator).toHaveProperty('textContent', expect.stringContaining('Offline'));
    await waitFor(() => expect(screen.getByTestId('sync-pending-count').textContent).toBe('0'));

    await act(async () => {
      await enqueueWritten({ method: 'POST', path: '/api/country', body: { code: 'LA' }, label: 'Add LA' });
    });
    await waitFor(() => expect(screen.getByTestId('sync-pending-count').textContent).toBe('1'));
    expect(indicator.getAttribute('aria-label')).toContain('1 change waiting');

    await userEvent.click(indicator);
    expect(await screen.findByTestId('sync-page')).toBeTruthy();
  });

  it('the header believes the last request over the browser: online with a silent server is "unreachable"', () => {
    expect(connectionOf(false, 'synced')).toBe('offline');
    expect(connectionOf(true, 'offline')).toBe('unreachable');
    expect(connectionOf(true, 'server-error')).toBe('unreachable');
    expect(connectionOf(true, 'synced')).toBe('online');
    expect(connectionOf(true, undefined)).toBe('online');
  });

  it('shows "Last sent" only once the server answered', async () => {
    await writeMeta(META_KEYS.lastDrain, { at: new Date().toISOString(), outcome: 'offline' });
    renderAt('/sync');
    const page = await screen.findByTestId('sync-page');
    await waitFor(() => expect(page.textContent).toContain('Nothing sent from this device yet.'));
    await act(async () => {
      await writeMeta(META_KEYS.lastDrain, {
        at: '2026-05-01T10:00:00.000Z',
        outcome: 'synced',
        sentAt: '2026-05-01T10:00:00.000Z',
      });
    });
    await waitFor(() => expect(page.textContent).toContain('Last sent: 1 May 2026'));
  });

  it('says a change waits for the network while the device is offline', async () => {
    await enqueueWritten({ method: 'POST', path: '/api/country', body: { code: 'LA' }, label: 'Add LA' });
    renderAt('/sync');
    const pending = await screen.findByTestId('sync-pending');
    await waitFor(() => expect(pending.textContent).toContain('Waiting for the network'));
  });

  it('speaks Vietnamese too', async () => {
    await i18n.changeLanguage('vi');
    renderAt('/');
    const indicator = await screen.findByTestId('sync-indicator');
    expect(indicator.textContent).toContain('Ngoại tuyến');
  });
});

describe('sync page', () => {
  it('lists refused changes with the server message and the server version beside mine', async () => {
    await queueFailedAndConflicting();
    await enqueueWritten({ method: 'POST', path: '/api/country', body: { code: 'LA' }, label: 'Add LA' });
    renderAt('/sync');
    const attention = await screen.findByTestId('sync-attention');
    await waitFor(() => expect(within(attention).getAllByTestId('outbox-entry')).toHaveLength(2));
    expect(attention.textContent).toContain('The server says: Code must be 2 or 3 capital letters');
    expect(attention.textContent).toContain('changed by someone else');
    const comparison = within(attention).getByTestId('conflict-comparison');
    expect(comparison.textContent).toContain('Mine');
    expect(comparison.textContent).toContain('Theirs');
    const pending = screen.getByTestId('sync-pending');
    expect(within(pending).getAllByTestId('outbox-entry')).toHaveLength(1);
    expect(pending.textContent).toContain('Add LA');
  });

  it('says what it means when the browser has not promised to keep the offline data', async () => {
    Object.defineProperty(window.navigator, 'storage', {
      configurable: true,
      value: { persisted: async () => false },
    });
    try {
      renderAt('/sync');
      const notice = await screen.findByTestId('storage-not-persistent');
      expect(notice.textContent).toContain('may delete cached lists and changes not yet sent');
    } finally {
      delete (window.navigator as { storage?: unknown }).storage;
    }
  });

  it('offers only what can succeed for a status conflict: no retry, no "keep mine", the server state shown', async () => {
    const key = await enqueueWritten({
      method: 'PUT',
      path: '/api/tester-lab/check-in?id=9',
      label: 'Check in IDFL-2026-00009',
      entity: { list: 'tester-samples', id: 9, record: 'sample' },
    });
    await offlineDb.outbox.update(key, {
      state: 'conflict',
      responseStatus: 409,
      lastError: 'Sample IDFL-2026-00009 is already checked in.',
      serverRecord: { id: 9, status: 'TesterConfirmed', version: 5 },
    });
    renderAt('/sync');
    const attention = await screen.findByTestId('sync-attention');
    const row = await within(attention).findByTestId('outbox-entry');
    expect(within(row).getByTestId('conflict-server-state').textContent).toBe(
      'On the server it is now: Tester confirmed.',
    );
    expect(within(row).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(within(row).queryByRole('button', { name: /keep my version/i })).toBeNull();
    expect(within(row).getByTestId('discard-change')).toBeTruthy();
  });

  it('resolves several conflicts at once, after a confirmation, leaving other changes alone', async () => {
    for (const id of [21, 22, 23]) {
      const key = await enqueueWritten({
        method: 'PUT',
        path: `/api/tester-lab/check-in?id=${id}`,
        label: `Check in ${id}`,
        entity: { list: 'tester-samples', id, record: 'sample' },
      });
      await offlineDb.outbox.update(key, { state: 'conflict', serverRecord: { id, status: 'TesterConfirmed' } });
    }
    await enqueueWritten({ method: 'POST', path: '/api/country', body: { code: 'LA' }, label: 'Add LA' });
    renderAt('/sync');
    await userEvent.click(await screen.findByTestId('discard-conflicts'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Discard 3 conflicting changes?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard change' }));
    await waitFor(async () => expect((await listMutations()).map((entry) => entry.label)).toEqual(['Add LA']));
  });

  it('asks before discarding a change, and keeps it when the person cancels', async () => {
    const { failed } = await queueFailedAndConflicting();
    renderAt('/sync');
    const attention = await screen.findByTestId('sync-attention');
    await waitFor(() => expect(within(attention).getAllByTestId('outbox-entry')).toHaveLength(2));
    const failedRow = within(attention)
      .getAllByTestId('outbox-entry')
      .find((row) => row.getAttribute('data-state') === 'failed')!;

    await userEvent.click(within(failedRow).getByTestId('discard-change'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Add country x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await offlineDb.outbox.get(failed)).toBeDefined();

    await userEvent.click(within(failedRow).getByTestId('discard-change'));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard change' }),
    );
    await waitFor(async () => expect(await offlineDb.outbox.get(failed)).toBeUndefined());
    await waitFor(() => expect(within(attention).getAllByTestId('outbox-entry')).toHaveLength(1));
  });

  it('retries a failed change and resolves a conflict by keeping my version', async () => {
    const { failed, conflict } = await queueFailedAndConflicting();
    renderAt('/sync');
    const attention = await screen.findByTestId('sync-attention');
    await waitFor(() => expect(within(attention).getAllByTestId('outbox-entry')).toHaveLength(2));

    const rows = within(attention).getAllByTestId('outbox-entry');
    const failedRow = rows.find((row) => row.getAttribute('data-state') === 'failed')!;
    await userEvent.click(within(failedRow).getByRole('button', { name: 'Retry' }));
    await waitFor(async () => expect((await offlineDb.outbox.get(failed))?.state).toBe('pending'));

    const conflictRow = within(attention)
      .getAllByTestId('outbox-entry')
      .find((row) => row.getAttribute('data-state') === 'conflict')!;
    await userEvent.click(within(conflictRow).getByRole('button', { name: 'Keep my version' }));
    await waitFor(async () => {
      const entries = await listMutations();
      expect(entries.find((e) => e.id === conflict)).toBeUndefined();
      expect(entries.find((e) => e.label === 'Rename VN')).toMatchObject({
        state: 'pending',
        body: { name: 'Mine', version: 2 },
      });
    });
  });
});
