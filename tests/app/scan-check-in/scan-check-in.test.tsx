import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession } from '@/app/lib/session/session';
import { i18n } from '@/app/lib/words/i18n';
import { offlineDb } from '@/app/offline/db';
import type { ApiFetch } from '@/app/offline/list-cache';
import { listMutations } from '@/app/offline/outbox';
import { ScanCheckInButton } from '@/app/scan-check-in/scan-check-in-button';
import { checkInScannedLabel, describeDecision } from '@/app/scan-check-in/scan-check-in';
import { signInWith } from '../support/session.ts';

// The decision a scanned label leads to at a bench, against a real (fake-indexeddb) offline
// database: the device's cached lists, its outbox, and a stand-in for the server's list call.

const TESTER = ['CanViewAllSampleEntryTester', 'CanCheckInSampleEntryTester'];
const CS = ['CanViewAllSampleEntryCs', 'CanCheckInSampleEntryCs'];

type Row = { id: number; idflNumber: string; status: string; updatedAt?: string };

async function cache(list: string, ...rows: Row[]) {
  await offlineDb.listRows.bulkPut(
    rows.map((record) => ({
      list,
      id: String(record.id),
      record,
      updatedAt: record.updatedAt ?? '2026-11-20T08:00:00.000Z',
    })),
  );
}

/** The server's list as the fallback sees it; records every path asked. */
function serverWith(items: Row[] | 'down') {
  const asked: string[] = [];
  const fetcher: ApiFetch = async (path) => {
    asked.push(path);
    if (items === 'down') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ result: true, message: '', data: { items, total: items.length } }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetcher, asked };
}

const t = i18n.getFixedT('en');

beforeEach(async () => {
  await i18n.changeLanguage('en');
  await Promise.all([offlineDb.outbox.clear(), offlineDb.listRows.clear()]);
});

describe('[SCAN] checking in a scanned label', () => {
  it('queues the tester check-in of a cached SentToTester sample, without asking the server', async () => {
    await cache('tester-samples', { id: 7, idflNumber: 'IDFL-2026-00007', status: 'SentToTester' });
    const server = serverWith([]);
    const outcome = await checkInScannedLabel('IDFL-2026-00007', {
      stage: 'tester',
      permissions: TESTER,
      fetcher: server.fetcher,
      isOnline: false,
    });
    expect(outcome.decision.kind).toBe('checkIn');
    expect(describeDecision(outcome.decision, t)).toEqual({ accepted: true, message: 'IDFL-2026-00007 checked in.' });
    expect(server.asked).toEqual([]);
    const [entry, ...others] = await listMutations();
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      id: outcome.outboxKey,
      method: 'PUT',
      path: '/api/tester-lab/check-in?id=7',
      state: 'pending',
      label: 'Tester check-in of sample IDFL-2026-00007',
      entity: { list: 'tester-samples', id: 7 },
    });
    expect(entry?.body).toBeUndefined();
  });

  it('says plainly that an unknown label is unknown, and queues nothing', async () => {
    const server = serverWith([{ id: 9, idflNumber: 'IDFL-2026-000071', status: 'SentToTester' }]);
    const outcome = await checkInScannedLabel('IDFL-2026-00007', {
      stage: 'tester',
      permissions: TESTER,
      fetcher: server.fetcher,
      isOnline: true,
    });
    expect(outcome.decision.kind).toBe('unknown');
    expect(server.asked).toEqual(['/api/tester-lab/get-all?IDFLNumber=IDFL-2026-00007&limit=20']);
    expect(describeDecision(outcome.decision, t)).toEqual({
      accepted: false,
      message: 'IDFL-2026-00007 is not a sample known here.',
    });
    expect(await listMutations()).toEqual([]);
  });

  it('asks the server for a label the device has no copy of, when online', async () => {
    const server = serverWith([{ id: 12, idflNumber: 'IDFL-2026-00012', status: 'SentToTester' }]);
    const outcome = await checkInScannedLabel('idfl-2026-00012', {
      stage: 'tester',
      permissions: TESTER,
      fetcher: server.fetcher,
      isOnline: true,
    });
    expect(outcome.decision.kind).toBe('checkIn');
    expect((await listMutations()).map((e) => e.path)).toEqual(['/api/tester-lab/check-in?id=12']);
  });

  it('says when a label is not on the device and the server cannot be reached', async () => {
    for (const [server, isOnline] of [
      [serverWith('down'), true],
      [serverWith([]), false],
    ] as const) {
      const outcome = await checkInScannedLabel('IDFL-2026-00013', {
        stage: 'tester',
        permissions: TESTER,
        fetcher: server.fetcher,
        isOnline,
      });
      expect(outcome.decision.kind).toBe('unreachable');
    }
    expect(await listMutations()).toEqual([]);
  });

  it('refuses a sample in the wrong state for this bench, naming its state', async () => {
    await cache('tester-samples', { id: 3, idflNumber: 'IDFL-2026-00003', status: 'TesterConfirmed' });
    const outcome = await checkInScannedLabel('IDFL-2026-00003', {
      stage: 'tester',
      permissions: TESTER,
      fetcher: serverWith([]).fetcher,
    });
    expect(describeDecision(outcome.decision, t)).toEqual({
      accepted: false,
      message: 'IDFL-2026-00003 is TesterConfirmed; it cannot be checked in here.',
    });
    expect(await listMutations()).toEqual([]);
  });

  it('finds a sample this bench does not list yet in another cached list, with its real state', async () => {
    await cache('cs-samples', { id: 4, idflNumber: 'IDFL-2026-00004', status: 'CsConfirmed' });
    const outcome = await checkInScannedLabel('IDFL-2026-00004', {
      stage: 'tester',
      permissions: TESTER,
      fetcher: serverWith([]).fetcher,
      isOnline: false,
    });
    expect(outcome.decision).toMatchObject({ kind: 'wrongState', status: 'CsConfirmed' });
  });

  it('trusts the freshest cached copy when two lists disagree', async () => {
    await cache('cs-samples', {
      id: 5,
      idflNumber: 'IDFL-2026-00005',
      status: 'CsConfirmed',
      updatedAt: '2026-11-20T08:00:00.000Z',
    });
    await cache('tester-samples', {
      id: 5,
      idflNumber: 'IDFL-2026-00005',
      status: 'SentToTester',
      updatedAt: '2026-11-20T09:00:00.000Z',
    });
    const outcome = await checkInScannedLabel('IDFL-2026-00005', {
      stage: 'tester',
      permissions: TESTER,
      fetcher: serverWith([]).fetcher,
      isOnline: false,
    });
    expect(outcome.decision.kind).toBe('checkIn');
  });

  it('refuses when the user lacks the permission for this check-in', async () => {
    await cache('tester-samples', { id: 6, idflNumber: 'IDFL-2026-00006', status: 'SentToTester' });
    const outcome = await checkInScannedLabel('IDFL-2026-00006', {
      stage: 'tester',
      permissions: ['CanViewAllSampleEntryTester', 'CanCheckInSampleEntryCs'],
      fetcher: serverWith([]).fetcher,
    });
    expect(describeDecision(outcome.decision, t)).toEqual({
      accepted: false,
      message: 'You may not check in IDFL-2026-00006 here.',
    });
    expect(await listMutations()).toEqual([]);
  });

  it('does not queue the same check-in twice when a label is scanned again', async () => {
    await cache('tester-samples', { id: 8, idflNumber: 'IDFL-2026-00008', status: 'SentToTester' });
    const context = { stage: 'tester' as const, permissions: TESTER, fetcher: serverWith([]).fetcher, isOnline: false };
    expect((await checkInScannedLabel('IDFL-2026-00008', context)).decision.kind).toBe('checkIn');
    const again = await checkInScannedLabel('IDFL-2026-00008', context);
    expect(describeDecision(again.decision, t)).toEqual({
      accepted: false,
      message: 'IDFL-2026-00008 is already checked in on this device (waiting to be sent).',
    });
    expect(await listMutations()).toHaveLength(1);
  });

  it('lets a check-in the server refused as a conflict be scanned again', async () => {
    await cache('tester-samples', { id: 9, idflNumber: 'IDFL-2026-00009', status: 'SentToTester' });
    await offlineDb.outbox.add({
      id: 'refused-key',
      seq: 1,
      method: 'PUT',
      path: '/api/tester-lab/check-in?id=9',
      label: 'Tester check-in of sample IDFL-2026-00009',
      entity: { list: 'tester-samples', id: 9 },
      createdAt: '2026-11-21T08:00:00.000Z',
      state: 'conflict',
      attempts: 1,
    });
    const outcome = await checkInScannedLabel('IDFL-2026-00009', {
      stage: 'tester',
      permissions: TESTER,
      fetcher: serverWith([]).fetcher,
    });
    expect(outcome.decision.kind).toBe('checkIn');
  });

  it('checks a New sample in at the client-side lab with the tray details, its condition and note on receipt', async () => {
    await cache('cs-samples', { id: 10, idflNumber: 'IDFL-2026-00010', status: 'New' });
    const tray = {
      receivedDate: '2026-11-21T08:40:00.000Z',
      receivedBy: 'Cam Service',
      initialWeight: 25,
      unit: 'g',
      receivedCondition: 'damaged' as const,
      receiptNote: 'Tray arrived with two torn bags',
    };
    const outcome = await checkInScannedLabel('IDFL-2026-00010', {
      stage: 'cs',
      permissions: CS,
      fetcher: serverWith([]).fetcher,
      tray,
    });
    expect(outcome.decision.kind).toBe('checkIn');
    const [entry] = await listMutations();
    expect(entry).toMatchObject({
      path: '/api/cs-lab/check-in?id=10&entry=sample',
      body: tray,
      entity: { list: 'cs-samples', id: 10 },
    });
  });

  it('checks a sample in at the third lab', async () => {
    await cache('third-lab-samples', { id: 11, idflNumber: 'IDFL-2026-00011', status: 'SentToThirdLab' });
    const outcome = await checkInScannedLabel('IDFL-2026-00011', {
      stage: 'thirdLab',
      permissions: ['CanCheckInThirdLab'],
      fetcher: serverWith([]).fetcher,
    });
    expect(outcome.decision.kind).toBe('checkIn');
    expect((await listMutations())[0]).toMatchObject({
      path: '/api/third-lab/check-in?id=11',
      label: 'Confirm received sample IDFL-2026-00011',
      entity: { list: 'third-lab-samples', id: 11, record: 'sample' },
    });
  });

  it('names the state in Vietnamese', async () => {
    await cache('tester-samples', { id: 3, idflNumber: 'IDFL-2026-00003', status: 'TesterConfirmed' });
    const outcome = await checkInScannedLabel('IDFL-2026-00003', {
      stage: 'tester',
      permissions: TESTER,
      fetcher: serverWith([]).fetcher,
    });
    expect(describeDecision(outcome.decision, i18n.getFixedT('vi')).message).toBe(
      'Mẫu IDFL-2026-00003 đang ở trạng thái Kiểm nghiệm đã xác nhận; không thể nhận tại đây.',
    );
  });
});

afterEach(() => {
  act(() => clearSession());
});

describe('[SCAN] ScanCheckInButton (manual entry, as on a bench without a camera)', () => {
  it('is not offered to a user who may not check in at this bench', () => {
    signInWith(['CanViewAllSampleEntryTester']);
    render(<ScanCheckInButton stage="tester" />);
    expect(screen.queryByRole('button', { name: 'Scan to check in' })).toBeNull();
  });

  it('counts checked-in samples and refuses the others with their reason', async () => {
    signInWith(TESTER);
    await cache(
      'tester-samples',
      { id: 21, idflNumber: 'IDFL-2026-00021', status: 'SentToTester' },
      { id: 22, idflNumber: 'IDFL-2026-00022', status: 'TesterConfirmed' },
    );
    const user = userEvent.setup();
    render(<ScanCheckInButton stage="tester" />);
    await user.click(screen.getByRole('button', { name: 'Scan to check in' }));
    const field = await screen.findByLabelText('Type the IDFL number or certificate address');
    await user.type(field, 'IDFL-2026-00021{Enter}');
    await waitFor(() => expect(screen.getByTestId('scan-tally').textContent).toBe('1 sample checked in'));
    expect(screen.getByText('IDFL-2026-00021 checked in.')).toBeTruthy();
    await user.type(field, 'IDFL-2026-00022{Enter}');
    expect(await screen.findByText('IDFL-2026-00022 is TesterConfirmed; it cannot be checked in here.')).toBeTruthy();
    await user.type(field, 'IDFL-2026-00023{Enter}');
    expect(await screen.findByText(/IDFL-2026-00023 is (not a sample known here|not on this device)/)).toBeTruthy();
    expect(screen.getByTestId('scan-tally').textContent).toBe('1 sample checked in');
    expect((await listMutations()).map((e) => e.path)).toEqual(['/api/tester-lab/check-in?id=21']);
  });

  it('asks the client-side lab for the tray details once, prefilled with today and the user', async () => {
    signInWith(CS);
    await cache('cs-samples', { id: 31, idflNumber: 'IDFL-2026-00031', status: 'New' });
    const user = userEvent.setup();
    // The tray's "received by" is the staff picker, read from the staff list as in the app.
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ScanCheckInButton stage="cs" />
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Scan to check in' }));
    expect(screen.getByRole('combobox', { name: 'Received by' }).textContent).toBe('Tess Tester');
    await user.type(screen.getByLabelText('Initial weight (each sample)'), '18.5');
    await user.click(screen.getByRole('checkbox', { name: 'I confirm all information above is correct.' }));
    await user.click(screen.getByRole('button', { name: 'Start scanning' }));
    const field = await screen.findByLabelText('Type the IDFL number or certificate address');
    expect(
      screen.getByText(/received by Tess Tester on \d{1,2} \w+ \d{4} \d{2}:\d{2}, initial weight 18.5 g/),
    ).toBeTruthy();
    await user.type(field, 'IDFL-2026-00031{Enter}');
    await waitFor(() => expect(screen.getByTestId('scan-tally').textContent).toBe('1 sample checked in'));
    const [entry] = await listMutations();
    // The receipt is a moment (date and time), Intact unless the tray says otherwise.
    expect(entry?.body).toMatchObject({
      receivedBy: 'Tess Tester',
      initialWeight: 18.5,
      unit: 'g',
      receivedCondition: 'intact',
      receiptNote: null,
    });
    expect((entry?.body as { receivedDate: string }).receivedDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/);
  });
});
