import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecord, booking, sampleEntry } from '../../../src/server/db/schema.ts';
import { insertBooking } from '../support/booking-rows.ts';
import { CHECK_IN } from '../support/sample-journey.ts';
import { useTestApp } from '../support/test-app.ts';

// Destroying an order at the client-side lab: the booking cancelled and its samples removed while
// none has left the lab (the rule in shared/workflow/sample-workflow.ts).

const t = useTestApp();

describe('[CS LAB] destroy an order', () => {
  it('cancels the booking and removes its samples while none has left the client-side lab', async () => {
    const admin = await t.signInAsAdmin();
    const order = await insertBooking(t.database.db);
    const confirmed = await t.request('PUT', `/api/cs-lab/check-in?id=${order.id}`, { token: admin });
    const ids = confirmed.body.data.sampleEntries.map((s: any) => s.id);
    const cs = await t.userWith(['CanDestroyOrderSample']);
    const res = await t.request('DELETE', `/api/cs-lab/destroy-order?orderNumber=${order.bookingNumber}`, {
      token: cs.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ booking: { status: 'Cancelled' }, destroyedSampleEntryIds: ids });
    const [after] = await t.database.db.select().from(booking).where(eq(booking.id, order.id));
    expect(after).toMatchObject({
      status: 'Cancelled',
      cancelReason: 'Destroyed by client-side lab',
      cancelledBy: cs.id,
    });
    expect(await t.database.db.select().from(sampleEntry).where(eq(sampleEntry.bookingId, order.id))).toHaveLength(0);
    const audits = await t.database.db.select().from(auditRecord).where(eq(auditRecord.action, 'destroy'));
    expect(audits.map((a) => Number(a.entityId)).sort()).toEqual([...ids].sort());
    const again = await t.request('DELETE', `/api/cs-lab/destroy-order?orderNumber=${order.bookingNumber}`, {
      token: cs.token,
    });
    expect(again.status).toBe(409);
  });

  it('refuses when a sample went past CsConfirmed, and unknown orders', async () => {
    const admin = await t.signInAsAdmin();
    const order = await insertBooking(t.database.db);
    const confirmed = await t.request('PUT', `/api/cs-lab/check-in?id=${order.id}`, { token: admin });
    const first = confirmed.body.data.sampleEntries[0];
    await t.request('PUT', `/api/cs-lab/check-in?id=${first.id}&entry=sample`, {
      token: admin,
      body: { ...CHECK_IN, receivedDate: new Date().toISOString() },
    });
    await t.request('PUT', `/api/cs-lab/transfer-to-tester?id=${first.id}`, { token: admin });
    const res = await t.request('DELETE', `/api/cs-lab/destroy-order?orderNumber=${order.bookingNumber}`, {
      token: admin,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain(`sample ${first.idflNumber} is SentToTester`);
    expect(
      (await t.request('DELETE', '/api/cs-lab/destroy-order?orderNumber=BK-1999-00001', { token: admin })).status,
    ).toBe(404);
    const other = await t.userWith(['CanCheckInSampleEntryCs']);
    expect(
      (
        await t.request('DELETE', `/api/cs-lab/destroy-order?orderNumber=${order.bookingNumber}`, {
          token: other.token,
        })
      ).status,
    ).toBe(403);
  });
});
