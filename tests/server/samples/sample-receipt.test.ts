import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecord, sampleEntry } from '../../../src/server/db/schema.ts';
import { submitBooking } from '../support/bookings.ts';
import { CHECK_IN } from '../support/sample-journey.ts';
import { useTestApp } from '../support/test-app.ts';
import { labToday } from '../support/lab-day.ts';

// Receipt is its own step: confirming a booking accepts the order and creates its sample entries
// (New, nothing received); the client-side lab's check-in records the actual receipt: when, by whom,
// the weight, the condition on receipt and a note. The dashboard counts what has really arrived.

const t = useTestApp();
// A receipt comes after its booking (made as each test starts) and no later than today.
const RECEIVED_AT = new Date(Date.now() - 60 * 60_000).toISOString();
const RECEIPT = { ...CHECK_IN, receivedDate: RECEIVED_AT };

async function confirmedBooking(token: string) {
  const { id } = await submitBooking(t);
  const res = await t.request('PUT', `/api/cs-lab/check-in?id=${id}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.sampleEntries as { id: number; idflNumber: string; version: number }[];
}

async function summary(token: string) {
  const today = labToday();
  const res = await t.request('GET', `/api/statictis/statistic-summary?fromDate=2026-01-01&toDate=${today}`, {
    token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.samples as { byStage: Record<string, number>; received: number; open: number };
}

describe('[CS LAB] the receipt of a sample, apart from confirming its booking', () => {
  it('confirming records no receipt; check-in records when, by whom, the weight, the condition and a note', async () => {
    const admin = await t.signInAsAdmin();
    const [first, second] = await confirmedBooking(admin);
    const stored = await t.database.db.select().from(sampleEntry).where(eq(sampleEntry.id, first!.id));
    expect(stored[0]).toMatchObject({
      status: 'New',
      receivedDate: null,
      receivedBy: null,
      receivedCondition: null,
      receiptNote: null,
    });

    const receipt = {
      ...CHECK_IN,
      receivedDate: RECEIVED_AT,
      receivedCondition: 'damaged',
      receiptNote: 'Outer bag torn; inner bag sealed',
    };
    const res = await t.request('PUT', `/api/cs-lab/check-in?id=${first!.id}&entry=sample`, {
      token: admin,
      body: receipt,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'CsConfirmed',
      receivedDate: RECEIVED_AT,
      receivedBy: 'Lan Nguyen',
      initialWeight: 120,
      receivedCondition: 'damaged',
      receiptNote: 'Outer bag torn; inner bag sealed',
    });
    const [checkIn] = await t.database.db
      .select()
      .from(auditRecord)
      .where(and(eq(auditRecord.entityId, String(first!.id)), eq(auditRecord.action, 'csCheckIn')))
      .orderBy(asc(auditRecord.id));
    expect(checkIn).toMatchObject({ fromStatus: 'New', toStatus: 'CsConfirmed' });
    expect(checkIn!.changes).toMatchObject({
      receivedDate: { from: null, to: RECEIVED_AT },
      receivedBy: { from: null, to: 'Lan Nguyen' },
      initialWeight: { from: null, to: 120 },
      receivedCondition: { from: null, to: 'damaged' },
      receiptNote: { from: null, to: 'Outer bag torn; inner bag sealed' },
    });

    // Without a condition the receipt is intact (an older bench's queued check-in stays valid).
    const plain = await t.request('PUT', `/api/cs-lab/check-in?id=${second!.id}&entry=sample`, {
      token: admin,
      body: RECEIPT,
    });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(plain.body.data).toMatchObject({ receivedCondition: 'intact', receiptNote: null });
  });

  it('refuses a condition that is not intact, damaged or insufficient with a field message', async () => {
    const admin = await t.signInAsAdmin();
    const [sample] = await confirmedBooking(admin);
    const res = await t.request('PUT', `/api/cs-lab/check-in?id=${sample!.id}&entry=sample`, {
      token: admin,
      body: { ...CHECK_IN, receivedCondition: 'wet' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      receivedCondition: 'Choose the condition on receipt: intact, damaged or insufficient',
    });
    const [row] = await t.database.db.select().from(sampleEntry).where(eq(sampleEntry.id, sample!.id));
    expect(row!.status).toBe('New');
  });

  it('lets Edit Sample correct the condition and note on receipt, and records the correction', async () => {
    const admin = await t.signInAsAdmin();
    const [sample] = await confirmedBooking(admin);
    const checkedIn = await t.request('PUT', `/api/cs-lab/check-in?id=${sample!.id}&entry=sample`, {
      token: admin,
      body: RECEIPT,
    });
    const res = await t.request('PUT', `/api/cs-lab/update?id=${sample!.id}`, {
      token: admin,
      body: { receivedCondition: 'insufficient', receiptNote: 'Only 3 g usable', version: checkedIn.body.data.version },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ receivedCondition: 'insufficient', receiptNote: 'Only 3 g usable' });
    const bad = await t.request('PUT', `/api/cs-lab/update?id=${sample!.id}`, {
      token: admin,
      body: { receivedCondition: 'lost', version: res.body.data.version },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      receivedCondition: 'Choose the condition on receipt: intact, damaged or insufficient',
    });
  });

  it('counts a confirmed sample not yet received as New on the dashboard, and as received once checked in', async () => {
    const admin = await t.signInAsAdmin();
    const entries = await confirmedBooking(admin);
    expect(entries).toHaveLength(2);
    const confirmed = await summary(admin);
    expect(confirmed.byStage).toMatchObject({ New: 2, CsConfirmed: 0 });
    expect(confirmed.received).toBe(0);

    await t.request('PUT', `/api/cs-lab/check-in?id=${entries[0]!.id}&entry=sample`, {
      token: admin,
      body: { ...CHECK_IN, receivedDate: new Date().toISOString() },
    });
    const received = await summary(admin);
    expect(received.byStage).toMatchObject({ New: 1, CsConfirmed: 1 });
    expect(received.received).toBe(1);
    expect(received.open).toBe(2);
  });
});
