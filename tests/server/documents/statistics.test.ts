import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { analysis, booking, sampleEntry, thirdLabEntry } from '../../../src/server/db/schema.ts';
import { appendAudit } from '../../../src/server/services/custody/audit.ts';
import { defaultSummaryWindow } from '../../../src/shared/statistics.ts';
import { sampleAt } from '../support/sample-journey.ts';
import { useTestApp } from '../support/test-app.ts';

// Every figure of the dashboard, checked against rows this file writes with known timestamps.

const t = useTestApp();
const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

let bookingCounter = 0;
async function addBooking(createdAt: string, status: 'UnConfirmed' | 'Confirmed' | 'Cancelled', rush = false) {
  bookingCounter += 1;
  const [row] = await t.database.db
    .insert(booking)
    .values({
      bookingNumber: `BK-TEST-${bookingCounter}-${createdAt}`,
      applicantContactPerson: 'Lan',
      applicantCompany: 'Acme',
      telephone: '0901',
      email: 'lan@acme.test',
      address: '1 Road',
      cityStateCountry: 'HCMC',
      samplePreparedDate: '2026-03-01',
      status,
      rushService: rush,
      createdAt: new Date(createdAt),
    })
    .returning();
  return row!;
}

let sampleCounter = 0;
async function addSample(values: Partial<typeof sampleEntry.$inferInsert> & { status: string }) {
  sampleCounter += 1;
  const [row] = await t.database.db
    .insert(sampleEntry)
    .values({ idflNumber: `IDFL-T-${sampleCounter}-${Math.random().toString(36).slice(2, 8)}`, ...values })
    .returning();
  return row!;
}

async function addAnalysis(
  analysisDate: string,
  classify: 'Pending' | 'Unsatisfied' | 'Neutral' | 'Satisfied',
  prediction: string | null = null,
) {
  await t.database.db
    .insert(analysis)
    .values({ input: {}, classify, prediction, analysisDate: new Date(analysisDate) });
}

async function transition(sampleId: number, toStatus: string, at: string) {
  await t.database.db.transaction(async (tx) =>
    appendAudit(tx, {
      entityType: 'sample_entry',
      entityId: sampleId,
      action: 'test',
      toStatus,
      at: new Date(at),
    }),
  );
}

describe('[STATISTICS] statistic summary', () => {
  it('counts bookings, samples, analyses and the third-lab turnaround of the period, and what waits now', async () => {
    const admin = await t.signInAsAdmin();
    const rushBooking = await addBooking('2026-03-05T08:00:00Z', 'Confirmed', true);
    const plainBooking = await addBooking('2026-03-10T08:00:00Z', 'UnConfirmed');
    await addBooking('2026-03-31T23:00:00Z', 'Cancelled');
    await addBooking('2026-04-01T00:00:00Z', 'Confirmed', true); // after the period
    const earlyRush = await addBooking('2026-02-28T10:00:00Z', 'Confirmed', true); // before it

    const waitingRush = await addSample({
      status: 'TesterConfirmed',
      bookingId: rushBooking.id,
      receivedDate: new Date('2026-03-06T09:00:00Z'),
      statusChangedAt: daysAgo(10),
    });
    await addSample({
      status: 'CsConfirmed',
      bookingId: plainBooking.id,
      receivedDate: new Date('2026-03-07T09:00:00Z'),
      statusChangedAt: daysAgo(2),
    });
    await addSample({
      status: 'ResultConfirmed',
      bookingId: earlyRush.id,
      receivedDate: new Date('2026-02-20T09:00:00Z'),
      finalResultConfirmedAt: new Date('2026-03-15T09:00:00Z'),
      statusChangedAt: daysAgo(40),
    });
    const forgotten = await addSample({ status: 'New', statusChangedAt: daysAgo(30) });
    await addSample({
      status: 'Completed',
      bookingId: rushBooking.id,
      receivedDate: new Date('2026-03-20T09:00:00Z'),
      finalResultConfirmedAt: new Date('2026-04-02T09:00:00Z'),
      statusChangedAt: daysAgo(20),
    });

    await addAnalysis('2026-03-02T10:00:00Z', 'Pending');
    await addAnalysis('2026-03-09T10:00:00Z', 'Satisfied');
    await addAnalysis('2026-03-09T11:00:00Z', 'Satisfied');
    await addAnalysis('2026-03-09T12:00:00Z', 'Unsatisfied');
    await addAnalysis('2026-04-05T10:00:00Z', 'Satisfied');

    for (const [sent, returned] of [
      ['2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z'],
      ['2026-03-01T00:00:00Z', '2026-03-03T00:00:00Z'],
      ['2026-03-01T00:00:00Z', '2026-03-11T00:00:00Z'],
      ['2026-03-01T00:00:00Z', '2026-04-10T00:00:00Z'],
    ] as const) {
      await t.database.db
        .insert(thirdLabEntry)
        .values({ sampleEntryId: waitingRush.id, sentDate: new Date(sent), resultReturnedDate: new Date(returned) });
    }

    // The month of March in UTC, as moments: a date-only bound would be the laboratory's day.
    const res = await t.request(
      'GET',
      '/api/statictis/statistic-summary?fromDate=2026-03-01T00:00:00.000Z&toDate=2026-04-01T00:00:00.000Z',
      { token: admin },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data.fromDate).toBe('2026-03-01T00:00:00.000Z');
    expect(data.toDate).toBe('2026-04-01T00:00:00.000Z');
    expect(data.bookings).toEqual({ total: 3, byStatus: { UnConfirmed: 1, Confirmed: 1, Cancelled: 1 }, rush: 1 });
    expect(data.samples).toMatchObject({
      byStage: {
        New: 1,
        CsConfirmed: 1,
        SentToTester: 0,
        TesterConfirmed: 1,
        SentToThirdLab: 0,
        ThirdLabConfirmed: 0,
        ResultReturned: 0,
        ResultConfirmed: 1,
        Completed: 1,
      },
      open: 3,
      received: 3,
      completed: 1,
      overdue: 2,
      rush: 1,
    });
    expect(data.samples.longWaiting.map((s: { id: number }) => s.id)).toEqual([forgotten.id, waitingRush.id]);
    expect(data.samples.rushSamples).toEqual([
      expect.objectContaining({ id: waitingRush.id, rush: true, bookingNumber: rushBooking.bookingNumber }),
    ]);
    expect(data.analyses).toEqual({
      total: 4,
      byClassify: { Pending: 1, Unsatisfied: 1, Neutral: 0, Satisfied: 2 },
    });
    // 24 h, 48 h and 240 h: the median is 48 h; the 90th percentile 48 + 0.8 × 192 h.
    expect(data.thirdLabTurnaround).toEqual({ returned: 3, medianHours: 48, p90Hours: 201.6 });

    const shorter = await t.request(
      'GET',
      '/api/statictis/statistic-summary?fromDate=2026-03-01&toDate=2026-03-31&waitingDays=1',
      { token: admin },
    );
    expect(shorter.body.data.samples.overdue).toBe(3);
  });

  it("defaults to the spec's window and refuses a period that ends before it starts", async () => {
    const admin = await t.signInAsAdmin();
    const res = await t.request('GET', '/api/statictis/statistic-summary', { token: admin });
    expect(res.status).toBe(200);
    const expected = defaultSummaryWindow(t.env.LAB_TIME_ZONE);
    const named = await t.request(
      'GET',
      `/api/statictis/statistic-summary?fromDate=${expected.fromDate}&toDate=${expected.toDate}`,
      { token: admin },
    );
    expect(res.body.data.fromDate).toBe(named.body.data.fromDate);
    expect(res.body.data.toDate).toBe(named.body.data.toDate);
    // The laboratory's midnight (Ho Chi Minh City, UTC+7), four of its days apart.
    expect(new Date(res.body.data.fromDate).getUTCHours()).toBe(17);
    expect(Date.parse(res.body.data.toDate) - Date.parse(res.body.data.fromDate)).toBe(4 * 86_400_000);

    const backwards = await t.request('GET', '/api/statictis/statistic-summary?fromDate=2026-03-10&toDate=2026-03-01', {
      token: admin,
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual({ toDate: 'The end of the period must come after its start' });
    const badDays = await t.request('GET', '/api/statictis/statistic-summary?waitingDays=0', { token: admin });
    expect(badDays.status).toBe(400);
    expect(badDays.body.errors.waitingDays).toBe('Waiting days must be between 1 and 365');
  });

  it('needs CanViewDashboard', async () => {
    const viewer = await t.userWith(['CanViewDashboard']);
    const other = await t.userWith(['CanViewAllbooking']);
    for (const path of [
      '/api/statictis/statistic-summary',
      '/api/statictis/booking-monthly-status-chart?year=2026',
      '/api/statictis/turnaround',
      '/api/statictis/analysis-trends',
    ]) {
      expect((await t.request('GET', path, { token: viewer.token })).status, path).toBe(200);
      expect((await t.request('GET', path, { token: other.token })).status, path).toBe(403);
      expect((await t.request('GET', path)).status, path).toBe(401);
    }
  });
});

describe('[STATISTICS] booking monthly status chart', () => {
  it('counts bookings per local day of a month and per month of a year, by status', async () => {
    const admin = await t.signInAsAdmin();
    await addBooking('2026-03-04T18:00:00Z', 'Confirmed'); // 5 March, 01:00 in Ho Chi Minh City
    await addBooking('2026-03-05T10:00:00Z', 'UnConfirmed');
    await addBooking('2026-03-31T16:59:00Z', 'Cancelled'); // 31 March, 23:59 there
    await addBooking('2026-03-31T17:00:00Z', 'Confirmed'); // already 1 April there
    await addBooking('2026-02-28T10:00:00Z', 'Confirmed');

    const month = await t.request(
      'GET',
      '/api/statictis/booking-monthly-status-chart?year=2026&month=3&timeZone=Asia/Ho_Chi_Minh',
      { token: admin },
    );
    expect(month.status, JSON.stringify(month.body)).toBe(200);
    const data = month.body.data;
    expect(data.bucket).toBe('day');
    expect(data.labels).toHaveLength(31);
    expect(data.labels[0]).toBe('2026-03-01');
    expect(data.labels[30]).toBe('2026-03-31');
    const series = Object.fromEntries(
      data.series.map((s: { status: string; counts: number[] }) => [s.status, s.counts]),
    );
    expect(series.Confirmed[4]).toBe(1);
    expect(series.UnConfirmed[4]).toBe(1);
    expect(series.Cancelled[30]).toBe(1);
    expect(data.totals[4]).toBe(2);
    expect(data.totals.reduce((a: number, b: number) => a + b, 0)).toBe(3);

    const year = await t.request('GET', '/api/statictis/booking-monthly-status-chart?year=2026', { token: admin });
    expect(year.body.data.bucket).toBe('month');
    expect(year.body.data.labels).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
    // Without a zone asked for, the months are the laboratory's (LAB_TIME_ZONE, Ho Chi Minh City):
    // the booking at 17:00 UTC on 31 March is April's.
    expect(year.body.data.totals.slice(0, 4)).toEqual([0, 1, 3, 1]);
    const utc = await t.request('GET', '/api/statictis/booking-monthly-status-chart?year=2026&timeZone=UTC', {
      token: admin,
    });
    expect(utc.body.data.totals.slice(0, 4)).toEqual([0, 1, 4, 0]);

    const bad = await t.request(
      'GET',
      '/api/statictis/booking-monthly-status-chart?year=2026&month=13&timeZone=Mars/Base',
      {
        token: admin,
      },
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['month', 'timeZone']);
  });
});

describe('[STATISTICS] turnaround', () => {
  it('gives the median and 90th percentile of each stage and end to end from the chain of custody', async () => {
    const admin = await t.signInAsAdmin();
    const whole = await addSample({ status: 'ResultConfirmed' });
    await transition(whole.id, 'CsConfirmed', '2026-03-01T00:00:00Z');
    await transition(whole.id, 'SentToTester', '2026-03-01T02:00:00Z');
    await transition(whole.id, 'TesterConfirmed', '2026-03-01T05:00:00Z');
    await transition(whole.id, 'SentToThirdLab', '2026-03-02T05:00:00Z');
    await transition(whole.id, 'ThirdLabConfirmed', '2026-03-03T05:00:00Z');
    await transition(whole.id, 'ResultReturned', '2026-03-05T05:00:00Z');
    await transition(whole.id, 'ResultConfirmed', '2026-03-06T05:00:00Z');
    const undone = await addSample({ status: 'SentToTester' });
    await transition(undone.id, 'CsConfirmed', '2026-03-10T00:00:00Z');
    await transition(undone.id, 'SentToTester', '2026-03-10T01:00:00Z');
    await transition(undone.id, 'CsConfirmed', '2026-03-10T02:00:00Z'); // the tester's undo
    await transition(undone.id, 'SentToTester', '2026-03-10T08:00:00Z');
    const later = await addSample({ status: 'SentToTester' });
    await transition(later.id, 'CsConfirmed', '2026-03-20T00:00:00Z');
    await transition(later.id, 'SentToTester', '2026-04-02T00:00:00Z'); // ends after the period

    const res = await t.request('GET', '/api/statictis/turnaround?fromDate=2026-03-01&toDate=2026-03-31', {
      token: admin,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stages = Object.fromEntries(res.body.data.stages.map((s: { stage: string }) => [s.stage, s]));
    expect(res.body.data.stages.map((s: { stage: string }) => s.stage)).toEqual([
      'csLab',
      'toTester',
      'tester',
      'shipping',
      'thirdLab',
      'supervisor',
      'endToEnd',
    ]);
    // csLab: 2 h (whole) and 1 h (the undone sample's first hand-over, which ended the stage in the period).
    expect(stages.csLab).toEqual({ stage: 'csLab', samples: 2, medianHours: 1.5, p90Hours: 1.9 });
    expect(stages.toTester).toMatchObject({ samples: 1, medianHours: 3, p90Hours: 3 });
    expect(stages.tester).toMatchObject({ samples: 1, medianHours: 24 });
    expect(stages.shipping).toMatchObject({ samples: 1, medianHours: 24 });
    expect(stages.thirdLab).toMatchObject({ samples: 1, medianHours: 48 });
    expect(stages.supervisor).toMatchObject({ samples: 1, medianHours: 24 });
    expect(stages.endToEnd).toMatchObject({ samples: 1, medianHours: 125, p90Hours: 125 });

    const empty = await t.request('GET', '/api/statictis/turnaround?fromDate=2025-01-01&toDate=2025-01-31', {
      token: admin,
    });
    expect(empty.body.data.stages[0]).toEqual({ stage: 'csLab', samples: 0, medianHours: null, p90Hours: null });
  });
});

describe('[STATISTICS] analysis trends', () => {
  it('counts analyses per week by classify status and by predicted origin', async () => {
    const admin = await t.signInAsAdmin();
    await addAnalysis('2026-03-02T10:00:00Z', 'Pending', 'Viet Nam');
    await addAnalysis('2026-03-09T10:00:00Z', 'Satisfied', 'Viet Nam');
    await addAnalysis('2026-03-09T11:00:00Z', 'Satisfied', 'China');
    await addAnalysis('2026-03-10T11:00:00Z', 'Unsatisfied', null);
    await addAnalysis('2026-03-16T00:00:00Z', 'Unsatisfied', 'China'); // after the period

    const res = await t.request('GET', '/api/statictis/analysis-trends?fromDate=2026-03-02&toDate=2026-03-15', {
      token: admin,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data.weeks).toEqual(['2026-03-02', '2026-03-09']);
    const classify = Object.fromEntries(
      data.byClassify.map((s: { classify: string; counts: number[] }) => [s.classify, s.counts]),
    );
    expect(classify).toEqual({ Pending: [1, 0], Unsatisfied: [0, 1], Neutral: [0, 0], Satisfied: [0, 2] });
    expect(data.byPrediction).toEqual([
      { origin: 'Viet Nam', counts: [1, 1], total: 2 },
      expect.objectContaining({ total: 1 }),
      expect.objectContaining({ total: 1 }),
    ]);
    expect(data.byPrediction.map((s: { origin: string | null }) => s.origin).sort()).toEqual(
      ['China', 'Viet Nam', null].sort(),
    );
  });
});

describe('[STATISTICS] time in the current stage', () => {
  it('is restarted by the database whenever a sample changes status, whichever service moves it', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'CsConfirmed');
    const before = new Date();
    await t.database.db.update(sampleEntry).set({ note: 'field edit only' }).where(eq(sampleEntry.id, sample.id));
    const [edited] = await t.database.db.select().from(sampleEntry).where(eq(sampleEntry.id, sample.id));
    expect(edited!.statusChangedAt!.getTime()).toBeLessThanOrEqual(before.getTime());
    await t.request('PUT', `/api/cs-lab/transfer-to-tester?id=${sample.id}`, { token: admin });
    const [moved] = await t.database.db.select().from(sampleEntry).where(eq(sampleEntry.id, sample.id));
    expect(moved!.status).toBe('SentToTester');
    expect(moved!.statusChangedAt!.getTime()).toBeGreaterThanOrEqual(before.getTime());
  });
});
