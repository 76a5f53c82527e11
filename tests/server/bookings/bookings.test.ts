import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecord, booking } from '../../../src/server/db/schema.ts';
import { verifyAuditChain } from '../../../src/server/services/custody/audit-verification.ts';
import { confirmBooking } from '../../../src/server/services/bookings/bookings.ts';
import { bookingForm, clientSideLabUser, otherPayer, submitBooking, today } from '../support/bookings.ts';
import { useTestApp } from '../support/test-app.ts';

const t = useTestApp();
const year = new Date().getUTCFullYear();
const csUser = () => clientSideLabUser(t);

describe('[BOOKINGS] create (staff)', () => {
  it('creates a booking with the staff member recorded as its creator', async () => {
    const staff = await t.userWith(['CanCreateBooking']);
    const res = await t.request('POST', '/api/bookings/create', { token: staff.token, body: bookingForm() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      result: true,
      message: 'Booking created successfully!',
      data: { bookingNumber: `BK-${year}-00001`, status: 'UnConfirmed' },
    });
    const [row] = await t.database.db.select().from(booking).where(eq(booking.id, res.body.data.id));
    expect(row!.createdBy).toBe(staff.id);
  });

  it('validates with the same rules as the public form', async () => {
    const staff = await t.userWith(['CanCreateBooking']);
    const res = await t.request('POST', '/api/bookings/create', {
      token: staff.token,
      body: bookingForm({ factoryInfo: { enabled: true, factoryName: '' }, telephone: '' }),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      telephone: 'This field is required.',
      'factoryInfo.factoryName': 'Factory name is required',
      'factoryInfo.cityStateCountry': 'This field is required.',
    });
  });

  it('needs CanCreateBooking', async () => {
    const other = await t.userWith(['CanViewAllbooking']);
    expect((await t.request('POST', '/api/bookings/create', { body: bookingForm() })).status).toBe(401);
    expect((await t.request('POST', '/api/bookings/create', { token: other.token, body: bookingForm() })).status).toBe(
      403,
    );
  });
});

describe('[BOOKINGS] list', () => {
  async function seedThree() {
    const a = await submitBooking(t, {
      applicantCompany: 'Alpha Textiles',
      applicantContactPerson: 'Zoe Tran',
      email: 'zoe@alpha.vn',
    });
    const b = await submitBooking(t, {
      applicantCompany: 'Beta Down',
      applicantContactPerson: 'Minh Le',
      email: 'minh@beta.vn',
      sampleTypes: [{ type: 'Down', composition: 'Goose', expectedOrigins: [{ origin: 'Poland' }] }],
    });
    const c = await submitBooking(t, {
      applicantCompany: 'Gamma 100%_Wool',
      applicantContactPerson: 'Anna Minh',
      email: 'anna@gamma.vn',
    });
    return { a, b, c };
  }

  it('lists the newest first with the list fields', async () => {
    const admin = await t.signInAsAdmin();
    const { a, b, c } = await seedThree();
    const res = await t.request('GET', '/api/bookings/find-all', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 3, limit: 20, offset: 0 });
    expect(res.body.data.items.map((i: { id: number }) => i.id)).toEqual([c.id, b.id, a.id]);
    expect(res.body.data.items[1]).toEqual({
      id: b.id,
      bookingNumber: b.bookingNumber,
      applicantContactPerson: 'Minh Le',
      applicantCompany: 'Beta Down',
      email: 'minh@beta.vn',
      telephone: '+84 28 1234 5678',
      registration: true,
      rushService: false,
      samplePreparedDate: today(),
      status: 'UnConfirmed',
      sampleTypeCount: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(res.body.data.items[0].sampleTypeCount).toBe(2);
  });

  it('filters by status, booking number, contact person and search', async () => {
    const admin = await t.signInAsAdmin();
    const { a, b, c } = await seedThree();
    const staff = await t.userWith(['CanCancelBooking']);
    await t.request('PUT', `/api/bookings/cancel?id=${b.id}`, {
      token: staff.token,
      body: { cancelReason: 'Duplicate' },
    });

    const ids = async (query: string) => {
      const res = await t.request('GET', `/api/bookings/find-all?${query}`, { token: admin });
      expect(res.status).toBe(200);
      return res.body.data.items.map((i: { id: number }) => i.id);
    };
    expect(await ids('status=Cancelled')).toEqual([b.id]);
    expect(await ids('status=UnConfirmed')).toEqual([c.id, a.id]);
    expect(await ids(`bookingNumber=${a.bookingNumber.slice(-3)}`)).toEqual([a.id]);
    expect(await ids('applicantContactPerson=minh')).toEqual([c.id, b.id]);
    expect(await ids('search=alpha')).toEqual([a.id]);
    expect(await ids('search=minh%40beta')).toEqual([b.id]);
    // The user's % and _ are literal, not wildcards.
    expect(await ids('search=100%25_')).toEqual([c.id]);
    expect(await ids('search=%25')).toEqual([c.id]);
    expect(await ids('status=Confirmed')).toEqual([]);
  });

  it('pages and orders, refusing unknown orderings', async () => {
    const admin = await t.signInAsAdmin();
    const { a, b, c } = await seedThree();
    const page = async (query: string) =>
      (await t.request('GET', `/api/bookings/find-all?${query}`, { token: admin })).body.data;
    expect((await page('orderBy=applicantCompany:asc')).items.map((i: { id: number }) => i.id)).toEqual([
      a.id,
      b.id,
      c.id,
    ]);
    expect((await page('orderBy=bookingNumber')).items.map((i: { id: number }) => i.id)).toEqual([a.id, b.id, c.id]);
    expect(await page('orderBy=createdAt:asc&limit=2&offset=1')).toMatchObject({ total: 3, limit: 2, offset: 1 });
    expect((await page('orderBy=createdAt:asc&limit=2&offset=1')).items.map((i: { id: number }) => i.id)).toEqual([
      b.id,
      c.id,
    ]);
    const bad = await t.request('GET', '/api/bookings/find-all?orderBy=password:asc', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/orderBy must be one of/);
    expect(bad.body.errors).toEqual({ orderBy: 'Unknown sort order' });
    const badStatus = await t.request('GET', '/api/bookings/find-all?status=Lost', { token: admin });
    expect(badStatus.status).toBe(400);
  });

  it('answers only what changed since a time (delta sync)', async () => {
    const admin = await t.signInAsAdmin();
    const { a, b } = await seedThree();
    const since = new Date(Date.now() + 60_000).toISOString();
    await t.database.db
      .update(booking)
      .set({ updatedAt: new Date(Date.now() + 120_000) })
      .where(eq(booking.id, a.id));
    const res = await t.request('GET', `/api/bookings/find-all?updatedSince=${encodeURIComponent(since)}`, {
      token: admin,
    });
    expect(res.body.data.items.map((i: { id: number }) => i.id)).toEqual([a.id]);
    expect(b).toBeDefined();
  });

  it('needs CanViewAllbooking', async () => {
    const other = await t.userWith(['CanViewDetailBooking']);
    expect((await t.request('GET', '/api/bookings/find-all', { token: other.token })).status).toBe(403);
  });
});

describe('[BOOKINGS] detail', () => {
  it('answers everything submitted, its sample entries and its history', async () => {
    const viewer = await t.userWith(['CanViewDetailBooking']);
    const created = await submitBooking(t, {
      payerInfo: otherPayer,
      rushService: true,
      specialInstructions: 'Handle with care',
    });
    const by = await csUser();
    await confirmBooking(t.database.db, { bookingId: created.id, by });

    const res = await t.request('GET', `/api/bookings/detail/${created.id}`, { token: viewer.token });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({
      id: created.id,
      bookingNumber: created.bookingNumber,
      status: 'Confirmed',
      applicantCompany: 'Saigon Cotton Co.',
      rushService: true,
      specialInstructions: 'Handle with care',
      emailReportToEmail: null,
      samplePreparedDate: today(),
      confirmedBy: by.id,
      payerInfo: { isTheSameClientInfo: false, companyName: 'Payer Ltd', sendInvoiceToEmail: 'invoices@payer.vn' },
      retailerInfo: { retailerName: 'Big Retail', notes: 'Spring line' },
      factoryInfo: { enabled: false, factoryName: null },
      attachments: [],
    });
    expect(data.sampleTypes).toEqual([
      {
        id: expect.any(Number),
        type: 'Cotton lint',
        composition: '100% cotton',
        expectedOrigins: [{ origin: 'Vietnam' }],
        notes: 'Bale 7',
      },
      {
        id: expect.any(Number),
        type: 'Yarn',
        composition: 'Cotton/poly 60/40',
        expectedOrigins: [{ origin: 'India' }, { origin: 'USA' }],
        notes: null,
      },
    ]);
    expect(data.sampleEntries).toEqual([
      { id: expect.any(Number), idflNumber: `IDFL-${year}-00001`, status: 'New', certificateRevoked: false },
      { id: expect.any(Number), idflNumber: `IDFL-${year}-00002`, status: 'New', certificateRevoked: false },
    ]);
    expect(data.history.map((h: { action: string; toStatus: string }) => [h.action, h.toStatus])).toEqual([
      ['create', 'UnConfirmed'],
      ['confirm', 'Confirmed'],
    ]);
    expect(data.history[1].actorName).toBe(by.displayName);
  });

  it('answers 404 for an unknown booking and 400 for a bad id', async () => {
    const admin = await t.signInAsAdmin();
    expect((await t.request('GET', '/api/bookings/detail/999', { token: admin })).status).toBe(404);
    expect((await t.request('GET', '/api/bookings/detail/abc', { token: admin })).status).toBe(400);
    expect((await t.request('GET', '/api/bookings/detail/99999999999', { token: admin })).status).toBe(400);
  });

  it('needs CanViewDetailBooking', async () => {
    const { id } = await submitBooking(t);
    const other = await t.userWith(['CanViewAllbooking']);
    expect((await t.request('GET', `/api/bookings/detail/${id}`, { token: other.token })).status).toBe(403);
  });
});

describe('[BOOKINGS] cancel', () => {
  it('cancels an UnConfirmed booking with its reason and records it in the audit trail', async () => {
    const staff = await t.userWith(['CanCancelBooking']);
    const { id, bookingNumber } = await submitBooking(t);
    const res = await t.request('PUT', `/api/bookings/cancel?id=${id}`, {
      token: staff.token,
      body: { cancelReason: 'Client withdrew the order' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      result: true,
      message: 'Booking cancelled successfully.',
      data: { id, bookingNumber, status: 'Cancelled', cancelReason: 'Client withdrew the order', version: 2 },
    });
    const [row] = await t.database.db.select().from(booking).where(eq(booking.id, id));
    expect(row).toMatchObject({ status: 'Cancelled', cancelledBy: staff.id });
    const audit = await t.database.db
      .select()
      .from(auditRecord)
      .where(eq(auditRecord.entityId, String(id)))
      .orderBy(auditRecord.id);
    expect(audit.at(-1)).toMatchObject({
      entityType: 'booking',
      action: 'cancel',
      fromStatus: 'UnConfirmed',
      toStatus: 'Cancelled',
      reason: 'Client withdrew the order',
      actorId: staff.id,
    });
    expect((await verifyAuditChain(t.database.db)).valid).toBe(true);
  });

  it('requires a reason', async () => {
    const staff = await t.userWith(['CanCancelBooking']);
    const { id } = await submitBooking(t);
    for (const body of [{}, { cancelReason: '  ' }]) {
      const res = await t.request('PUT', `/api/bookings/cancel?id=${id}`, { token: staff.token, body });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ cancelReason: 'Please enter a reason for cancellation.' });
    }
  });

  it('refuses a booking that is no longer UnConfirmed with 409 naming its state', async () => {
    const staff = await t.userWith(['CanCancelBooking']);
    const first = await submitBooking(t);
    const second = await submitBooking(t);
    await t.request('PUT', `/api/bookings/cancel?id=${first.id}`, {
      token: staff.token,
      body: { cancelReason: 'Dup' },
    });
    const again = await t.request('PUT', `/api/bookings/cancel?id=${first.id}`, {
      token: staff.token,
      body: { cancelReason: 'Dup' },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      `Booking ${first.bookingNumber} is Cancelled; only an unconfirmed booking can be cancelled.`,
    );

    await confirmBooking(t.database.db, { bookingId: second.id, by: await csUser() });
    const confirmed = await t.request('PUT', `/api/bookings/cancel?id=${second.id}`, {
      token: staff.token,
      body: { cancelReason: 'Too late' },
    });
    expect(confirmed.status).toBe(409);
    expect(confirmed.body.message).toMatch(/is Confirmed/);
  });

  it('answers 404 for an unknown booking and needs CanCancelBooking', async () => {
    const staff = await t.userWith(['CanCancelBooking']);
    const other = await t.userWith(['CanViewAllbooking', 'CanViewDetailBooking', 'CanCreateBooking']);
    const { id } = await submitBooking(t);
    expect(
      (await t.request('PUT', '/api/bookings/cancel?id=4242', { token: staff.token, body: { cancelReason: 'x' } }))
        .status,
    ).toBe(404);
    expect(
      (await t.request('PUT', `/api/bookings/cancel?id=${id}`, { token: other.token, body: { cancelReason: 'x' } }))
        .status,
    ).toBe(403);
  });
});
