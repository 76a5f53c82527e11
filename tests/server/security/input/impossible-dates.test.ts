import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { booking, sampleEntry } from '../../../../src/server/db/schema.ts';
import { submitBooking } from '../../support/bookings.ts';
import { CHECK_IN } from '../../support/sample-journey.ts';
import { useTestApp } from '../../support/test-app.ts';

// A date no laboratory record can carry: a far-future "to" date once overflowed the whole-day
// filter into a 500 on lists and a cut file on reports; a receipt dated in 2099, or before the
// client booked, was stored as it came.

const t = useTestApp();

const LIST_AND_REPORT_FILTERS: [string, string][] = [
  ['/api/cs-lab/get-all', 'receivedToDate'],
  ['/api/cs-lab/get-all', 'receivedFromDate'],
  ['/api/tester-lab/get-all', 'sentToTesterToDate'],
  ['/api/supervisor-lab/get-all', 'sentToThirdLabToDate'],
  ['/api/sample-dispatch-batch', 'sentToDate'],
  ['/api/report/sample-entry-source', 'receivedToDate'],
  ['/api/report/sample-by-status', 'receivedToDate'],
];

describe('[SECURITY] impossible dates', () => {
  it('answers a far-off or non-existent day in a list or report filter with a 400 naming the field', async () => {
    const admin = await t.signInAsAdmin();
    for (const [path, field] of LIST_AND_REPORT_FILTERS) {
      for (const value of ['9999-12-31', '2025-02-30', '2101-01-01T00:00:00Z']) {
        const res = await t.request('GET', `${path}?${field}=${value}`, { token: admin });
        expect([path, field, value, res.status]).toEqual([path, field, value, 400]);
        expect(res.body.errors?.[field], `${path} ${field} ${value}`).toBe(
          'Enter a real date between the years 2000 and 2100',
        );
        expect(res.body.code).toBeTruthy();
      }
      const fine = await t.request('GET', `${path}?${field}=2100-12-31&format=json`, { token: admin });
      expect([path, field, fine.status]).toEqual([path, field, 200]);
    }
  });

  it('refuses a period that ends before it starts, naming the end', async () => {
    const admin = await t.signInAsAdmin();
    for (const path of ['/api/cs-lab/get-all', '/api/report/sample-entry-source']) {
      const res = await t.request('GET', `${path}?receivedFromDate=2026-05-02&receivedToDate=2026-05-01&format=json`, {
        token: admin,
      });
      expect([path, res.status]).toEqual([path, 400]);
      expect(res.body.errors).toEqual({ receivedToDate: 'The end date cannot be before the start date' });
      const oneDay = await t.request(
        'GET',
        `${path}?receivedFromDate=2026-05-01&receivedToDate=2026-05-01&format=json`,
        {
          token: admin,
        },
      );
      expect([path, oneDay.status]).toEqual([path, 200]);
    }
  });

  it('refuses a receipt dated after today or before the booking, and changes nothing', async () => {
    const admin = await t.signInAsAdmin();
    const { id: bookingId } = await submitBooking(t);
    const confirmed = await t.request('PUT', `/api/cs-lab/check-in?id=${bookingId}`, { token: admin });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const sampleId = confirmed.body.data.sampleEntries[0].id as number;
    const [before] = await t.database.db.select().from(sampleEntry).where(eq(sampleEntry.id, sampleId));

    const future = await t.request('PUT', `/api/cs-lab/check-in?id=${sampleId}&entry=sample`, {
      token: admin,
      body: { ...CHECK_IN, receivedDate: '2099-06-01T08:00:00.000Z' },
    });
    expect(future.status).toBe(400);
    expect(future.body).toMatchObject({
      code: 'receiptInFuture',
      errors: { receivedDate: 'The received date cannot be in the future' },
    });

    // The booking was made a week ago; the bench claims the sample arrived a month ago.
    const weekAgo = new Date(Date.now() - 7 * 86_400_000);
    await t.database.db.update(booking).set({ createdAt: weekAgo }).where(eq(booking.id, bookingId));
    const early = await t.request('PUT', `/api/cs-lab/check-in?id=${sampleId}&entry=sample`, {
      token: admin,
      body: { ...CHECK_IN, receivedDate: new Date(Date.now() - 30 * 86_400_000).toISOString() },
    });
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({
      code: 'receiptBeforeBooking',
      errors: { receivedDate: 'The received date cannot be before the booking was made' },
    });

    const [after] = await t.database.db.select().from(sampleEntry).where(eq(sampleEntry.id, sampleId));
    expect(after).toEqual(before);

    // The day the booking was made, as the bench's local date, is a receipt like any other.
    const sameDay = await t.request('PUT', `/api/cs-lab/check-in?id=${sampleId}&entry=sample`, {
      token: admin,
      body: { ...CHECK_IN, receivedDate: weekAgo.toISOString().slice(0, 10) },
    });
    expect(sameDay.status, JSON.stringify(sameDay.body)).toBe(200);
  });
});
