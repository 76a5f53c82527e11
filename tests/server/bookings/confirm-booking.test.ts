import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecord, booking, notification, sampleEntry } from '../../../src/server/db/schema.ts';
import { verifyAuditChain } from '../../../src/server/services/custody/audit-verification.ts';
import { findBookingDetail } from '../../../src/server/services/bookings/booking-detail.ts';
import { confirmBooking } from '../../../src/server/services/bookings/bookings.ts';
import { clientSideLabUser, submitBooking } from '../support/bookings.ts';
import { useTestApp } from '../support/test-app.ts';

// Confirming a booking at the client-side lab, as a service: the booking and its sample entries in
// one step (the route is PUT /api/cs-lab/check-in?id, tested in cs-lab.test.ts).

const t = useTestApp();
const year = new Date().getUTCFullYear();
const csUser = () => clientSideLabUser(t);

describe('[BOOKINGS] confirmBooking (service; exposed as PUT /api/cs-lab/check-in?id)', () => {
  it('confirms the booking and creates one IDFL-numbered New sample entry per sample type, not yet received', async () => {
    const { id, bookingNumber } = await submitBooking(t);
    const by = await csUser();
    const result = await confirmBooking(t.database.db, { bookingId: id, by });

    expect(result.booking).toMatchObject({ id, status: 'Confirmed', confirmedBy: by.id, version: 2 });
    expect(result.booking.confirmedAt).toBeInstanceOf(Date);
    expect(result.sampleEntries).toHaveLength(2);
    const entries = await t.database.db.select().from(sampleEntry).where(eq(sampleEntry.bookingId, id));
    expect(entries.map((e) => [e.idflNumber, e.status, e.sampleType])).toEqual([
      [`IDFL-${year}-00001`, 'New', 'Cotton lint'],
      [`IDFL-${year}-00002`, 'New', 'Yarn'],
    ]);
    expect(entries[1]!.fromClientInfo).toBe('Composition: Cotton/poly 60/40; Expected origins: India, USA');
    expect(entries.every((e) => e.bookingSampleTypeId)).toBe(true);
    // Confirming accepts the order; nothing has arrived, so no receipt is recorded until check-in.
    for (const entry of entries) {
      expect(entry).toMatchObject({
        receivedDate: null,
        receivedBy: null,
        receivedCondition: null,
        receiptNote: null,
        confirmDate: null,
      });
    }

    const audit = await t.database.db.select().from(auditRecord).orderBy(auditRecord.id);
    expect(audit.filter((r) => r.entityType === 'sample_entry').map((r) => [r.entityId, r.action, r.toStatus])).toEqual(
      entries.map((e) => [String(e.id), 'create', 'New']),
    );
    expect(audit.find((r) => r.entityType === 'booking' && r.action === 'confirm')).toMatchObject({
      fromStatus: 'UnConfirmed',
      toStatus: 'Confirmed',
      actorId: by.id,
    });
    expect((await verifyAuditChain(t.database.db)).valid).toBe(true);

    // The public booking's arrival was announced first; then its confirmation, in the spec's words.
    const [note] = await t.database.db.select().from(notification).where(eq(notification.kind, 'bookingConfirmed'));
    expect(note).toMatchObject({
      permission: 'CanViewAllSampleEntryCs',
      title: 'Booking Confirmed',
      message: `Booking ${bookingNumber} has been confirmed.`,
    });

    const detail = await findBookingDetail(t.database.db, id);
    expect(detail.sampleEntries.map((e) => e.idflNumber)).toEqual(entries.map((e) => e.idflNumber));
  });

  it('refuses a booking already confirmed or cancelled with 409, creating nothing more', async () => {
    const by = await csUser();
    const confirmed = await submitBooking(t);
    await confirmBooking(t.database.db, { bookingId: confirmed.id, by });
    await expect(confirmBooking(t.database.db, { bookingId: confirmed.id, by })).rejects.toMatchObject({
      status: 409,
      message: `Booking ${confirmed.bookingNumber} is Confirmed; only an unconfirmed booking can be confirmed.`,
    });
    expect(await t.database.db.$count(sampleEntry)).toBe(2);

    const cancelled = await submitBooking(t);
    const staff = await t.userWith(['CanCancelBooking']);
    await t.request('PUT', `/api/bookings/cancel?id=${cancelled.id}`, {
      token: staff.token,
      body: { cancelReason: 'No' },
    });
    await expect(confirmBooking(t.database.db, { bookingId: cancelled.id, by })).rejects.toMatchObject({
      status: 409,
      message: `Booking ${cancelled.bookingNumber} is Cancelled; only an unconfirmed booking can be confirmed.`,
    });
    await expect(confirmBooking(t.database.db, { bookingId: 987654, by })).rejects.toMatchObject({ status: 404 });
    expect(await t.database.db.$count(sampleEntry)).toBe(2);
  });

  it('confirms once when two confirmations race', async () => {
    const by = await csUser();
    const { id } = await submitBooking(t);
    const results = await Promise.allSettled([
      confirmBooking(t.database.db, { bookingId: id, by }),
      confirmBooking(t.database.db, { bookingId: id, by }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await t.database.db.$count(sampleEntry)).toBe(2);
  });

  it('works inside a caller transaction (as the idempotent check-in route runs it)', async () => {
    const by = await csUser();
    const { id } = await submitBooking(t);
    await t.database.db.transaction(async (tx) => {
      const result = await confirmBooking(tx, { bookingId: id, by });
      expect(result.sampleEntries).toHaveLength(2);
    });
    const [row] = await t.database.db.select().from(booking).where(eq(booking.id, id));
    expect(row!.status).toBe('Confirmed');
  });
});
