import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CustodyTimeline } from '@/app/bench/detail/custody-timeline';
import type { TimelineEvent } from '@/app/bench/sample-queries';
import { i18n } from '@/app/lib/words/i18n';
import { createQueryClient } from '@/app/lib/api/query-client';

// The chain of custody as a person reads it: when, who (name · role), what, and every
// changed field by its label with its values as the screens show them, in English and Vietnamese;
// no code name, no JSON, no id where a person or a record belongs, and no change dropped.

const IMAGE_IDS = [
  '2f02caae-1111-4111-8111-000000000001',
  '2f02caae-1111-4111-8111-000000000002',
  '2f02caae-1111-4111-8111-000000000003',
  '2f02caae-1111-4111-8111-000000000004',
  '2f02caae-1111-4111-8111-000000000005',
];

const empty = { persons: {}, packages: {}, files: {}, countries: {}, cleanRecords: {} };

function event(overrides: Partial<TimelineEvent>): TimelineEvent {
  return {
    id: 1,
    at: '2026-11-27T16:01:00.000Z',
    action: 'create',
    fromStatus: null,
    toStatus: null,
    changes: {},
    reason: null,
    actorId: 2,
    actorName: 'Lan Nguyễn',
    actor: { name: 'Lan Nguyễn', role: 'Client-side lab' },
    hash: 'a'.repeat(64),
    references: { ...empty, persons: { '2': { name: 'Lan Nguyễn', role: 'Client-side lab' } } },
    ...overrides,
  };
}

const EVENTS: TimelineEvent[] = [
  event({
    id: 1,
    action: 'csCheckIn',
    toStatus: 'CsConfirmed',
    changes: {
      idflNumber: { from: null, to: 'IDFL-2026-00001' },
      bookingNumber: { from: null, to: 'BK-2026-00042' },
    },
    reason: 'Created from booking BK-2026-00042',
  }),
  event({
    id: 2,
    action: 'transferToTester',
    fromStatus: 'CsConfirmed',
    toStatus: 'SentToTester',
    changes: {
      sentToTesterBy: { from: null, to: 2 },
      sentToTesterDate: { from: null, to: '2026-11-27T16:01:00.000Z' },
    },
  }),
  event({
    id: 3,
    action: 'testerUpdate',
    actorId: 3,
    actorName: 'Minh Trần',
    actor: { name: 'Minh Trần', role: 'Tester' },
    changes: {
      sampleInformation: { from: null, to: 'Green beans' },
      isotopeMix: { from: null, to: 'None' },
      countryCode: { from: null, to: 'VN' },
      unit: { from: null, to: 'g' },
      initialWeight: { from: 120, to: 125.5 },
      sentWeight: { from: null, to: 20 },
      remainingWeight: { from: 120, to: 105.5 },
      storageArea: { from: null, to: 'Shelf B' },
      smell: { from: false, to: true },
      imageFileIds: { from: [], to: IMAGE_IDS },
      // The tenth change: on the old screen it was silently dropped.
      identificationNotes: { from: null, to: 'Robusta, screen 16' },
    },
    references: {
      ...empty,
      persons: { '3': { name: 'Minh Trần', role: 'Tester' } },
      countries: { VN: { name: 'Vietnam' } },
      files: Object.fromEntries(
        IMAGE_IDS.map((id, index) => [id, { name: `front-${index + 1}.jpg`, url: `/api/files/${id}` }]),
      ),
    },
  }),
  event({
    id: 4,
    action: 'addToDispatchBatch',
    actorId: 3,
    actorName: 'Minh Trần',
    actor: { name: 'Minh Trần', role: 'Tester' },
    changes: { dispatchBatchId: { from: null, to: 6 }, packageCode: { from: null, to: 'PKG-2026-00006' } },
    references: { ...empty, packages: { '6': { packageCode: 'PKG-2026-00006' } } },
  }),
  event({
    id: 5,
    action: 'updateResult',
    actorId: 5,
    actorName: 'Quang Lê',
    actor: { name: 'Quang Lê', role: 'Third lab' },
    changes: {
      carbon: { from: null, to: -27.1 },
      reportFileId: { from: null, to: '7a000000-1111-4111-8111-000000000009' },
      resultEnteredBy: { from: null, to: 5 },
    },
    references: {
      ...empty,
      persons: { '5': { name: 'Quang Lê', role: 'Third lab' } },
      files: { '7a000000-1111-4111-8111-000000000009': { name: 'result.pdf', url: '/api/files/7a000000' } },
    },
  }),
  event({
    id: 6,
    action: 'updateConclusion',
    actorId: 4,
    actorName: 'Thu Phạm',
    actor: { name: 'Thu Phạm', role: 'Supervisor' },
    changes: {
      evaluationByRegionRatio: { from: null, to: { 'Central Highlands': 85 } },
      consistentWithXinjiangOrigin: { from: null, to: false },
      // A field added after this screen was written: readable words, never its code.
      sampleColourGrade: { from: null, to: 'A' },
    },
  }),
  event({
    id: 7,
    action: 'confirmFinalResult',
    actorId: 4,
    actorName: 'Thu Phạm',
    actor: { name: 'Thu Phạm', role: 'Supervisor' },
    fromStatus: 'ResultReturned',
    toStatus: 'ResultConfirmed',
    changes: {
      finalResultConfirmedBy: { from: null, to: 4 },
      finalResultConfirmedAt: { from: null, to: '2026-11-28T02:30:00.000Z' },
    },
    references: { ...empty, persons: { '4': { name: 'Thu Phạm', role: 'Supervisor' } } },
  }),
];

function renderTimeline() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <CustodyTimeline sampleId={1} idflNumber="IDFL-2026-00001" events={EVENTS} />
    </QueryClientProvider>,
  );
}

const entry = (action: string) =>
  screen.getByTestId('custody-timeline').querySelector<HTMLElement>(`li[data-action="${action}"]`)!;
const change = (action: string, field: string) =>
  entry(action).querySelector<HTMLElement>(`li[data-field="${field}"]`)!.textContent;

/** Every word the log shows: never a code name, JSON or an id where a person or record belongs. */
function expectNoCodes(text: string) {
  for (const code of [
    'testerUpdate',
    'addToDispatchBatch',
    'updateResult',
    'updateConclusion',
    'bookingNumber',
    'carbon:',
    'reportFileId',
    'imageFileIds',
    'sampleColourGrade',
    'identificationNotes',
    'evaluationByRegionRatio',
    'consistentWithXinjiangOrigin',
    'CsConfirmed',
    '2f02caae',
    'true',
    'false',
  ]) {
    expect(text, code).not.toContain(code);
  }
  expect(text).not.toMatch(/[[{]"|"[\]}]/);
  expect(text).not.toMatch(/→ (2|3|4|5|6)\b(?! ?(tháng|[A-Z][a-z]+ \d{4}|g\b))/);
}

describe('CustodyTimeline: a log a person can read', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows when, who with role, what, and every change by its label and formatted values (English)', async () => {
    await i18n.changeLanguage('en');
    renderTimeline();
    const log = screen.getByTestId('custody-timeline');
    expect(log.querySelectorAll(':scope > li[data-action]')).toHaveLength(EVENTS.length);

    expect(entry('csCheckIn').textContent).toContain('Checked in (CS) · — → CS confirmed');
    expect(entry('csCheckIn').textContent).toContain('Created from order BK-2026-00042');
    expect(change('csCheckIn', 'bookingNumber')).toBe('Order number: — → BK-2026-00042');
    expect(entry('transferToTester').textContent).toContain('Lan Nguyễn · Client-side lab');
    expect(change('transferToTester', 'sentToTesterBy')).toBe('Sent to tester by: — → Lan Nguyễn');
    expect(change('transferToTester', 'sentToTesterDate')).toMatch(
      /^Sent to tester: — → 2[78] November 2026 \d\d:\d\d$/,
    );

    expect(entry('testerUpdate').textContent).toContain('Sample updated (tester)');
    expect(entry('testerUpdate').textContent).toContain('Minh Trần · Tester');
    expect(change('testerUpdate', 'countryCode')).toBe('Country: — → Vietnam');
    expect(change('testerUpdate', 'initialWeight')).toBe('Initial weight: 120 g → 125.5 g');
    expect(change('testerUpdate', 'smell')).toBe('Smell: No → Yes');
    expect(change('addToDispatchBatch', 'dispatchBatchId')).toBe('Package: — → PKG-2026-00006');
    expect(change('updateResult', 'carbon')).toBe('Carbon (δ13C): — → -27.10 ‰');
    expect(change('updateResult', 'resultEnteredBy')).toBe('Result entered by: — → Quang Lê');
    const report = within(entry('updateResult')).getByRole('link', { name: 'result.pdf' });
    expect(report.getAttribute('href')).toBe('/api/files/7a000000');
    expect(change('updateConclusion', 'evaluationByRegionRatio')).toBe(
      'Evaluation by region: — → Central Highlands 85 %',
    );
    expect(change('updateConclusion', 'consistentWithXinjiangOrigin')).toBe('Consistent with Xinjiang origin: — → No');
    expect(change('updateConclusion', 'sampleColourGrade')).toBe('Sample colour grade: — → A');
    expect(change('confirmFinalResult', 'finalResultConfirmedBy')).toBe('Final result confirmed by: — → Thu Phạm');

    expectNoCodes(log.textContent!);
  });

  it('shows every change of a long record, folded behind "n more" until asked', async () => {
    await i18n.changeLanguage('en');
    const user = userEvent.setup();
    renderTimeline();
    const update = entry('testerUpdate');
    // All eleven changes are there (printing shows them all); three wait behind the button.
    expect(update.querySelectorAll('li[data-field]')).toHaveLength(11);
    const identification = update.querySelector<HTMLElement>('li[data-field="identificationNotes"]')!;
    expect(identification.textContent).toBe('Identification: — → Robusta, screen 16');
    expect(identification.className).toContain('hidden');
    const more = within(update).getByRole('button', { name: '3 more changes' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await user.click(more);
    expect(identification.className).not.toContain('hidden');
    expect(within(update).getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');

    // Five images: three by name with their links, two more behind their own button.
    const images = update.querySelector<HTMLElement>('li[data-field="imageFileIds"]')!;
    expect(
      within(images)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['front-1.jpg', 'front-2.jpg', 'front-3.jpg', 'front-4.jpg', 'front-5.jpg']);
    await user.click(within(images).getByRole('button', { name: '2 more' }));
    expect(images.querySelectorAll('.hidden')).toHaveLength(0);
    expect(images.textContent).toContain(
      'Sample images: — → front-1.jpg, front-2.jpg, front-3.jpg, front-4.jpg, front-5.jpg',
    );
  });

  it('reads the same log in Vietnamese', async () => {
    await i18n.changeLanguage('vi');
    renderTimeline();
    const log = screen.getByTestId('custody-timeline');
    expect(screen.getByRole('region', { name: 'Chuỗi lưu giữ mẫu' })).toBeTruthy();
    expect(entry('csCheckIn').textContent).toContain('Nhận mẫu (CS) · — → CS đã xác nhận');
    expect(entry('csCheckIn').textContent).toContain('Tạo từ đơn đặt BK-2026-00042');
    expect(change('transferToTester', 'sentToTesterBy')).toBe('Chuyển kiểm nghiệm bởi: — → Lan Nguyễn');
    expect(change('transferToTester', 'sentToTesterDate')).toMatch(/→ 2[78] tháng 11 2026 \d\d:\d\d$/);
    expect(entry('testerUpdate').textContent).toContain('Cập nhật mẫu (kiểm nghiệm)');
    expect(change('testerUpdate', 'smell')).toBe('Có mùi: Không → Có');
    expect(change('testerUpdate', 'countryCode')).toBe('Quốc gia: — → Vietnam');
    expect(change('addToDispatchBatch', 'dispatchBatchId')).toBe('Gói: — → PKG-2026-00006');
    expect(change('updateResult', 'carbon')).toBe('Carbon (δ13C): — → -27.10 ‰');
    expect(change('updateConclusion', 'consistentWithXinjiangOrigin')).toBe(
      'Phù hợp với nguồn gốc Tân Cương: — → Không',
    );
    expect(screen.getByRole('button', { name: '3 thay đổi nữa' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hồ sơ lưu giữ mẫu (PDF)' })).toBeTruthy();
    expectNoCodes(log.textContent!);
    for (const english of ['Created from', 'Sent to tester by', 'Package:', 'Yes', 'No ']) {
      expect(log.textContent, english).not.toContain(english);
    }
  });
});
