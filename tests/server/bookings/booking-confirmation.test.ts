import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboundMail, quickFillCode } from '../../../src/server/db/schema.ts';
import { bookingForm, submitBooking } from '../support/bookings.ts';
import { useTestApp } from '../support/test-app.ts';

const t = useTestApp();

const mailsTo = (address: string) =>
  t.database.db.select().from(outboundMail).where(eq(outboundMail.to, address)).orderBy(outboundMail.id);

describe('[SUBMITTAL FORM] confirmation mail', () => {
  it("mails every applicant, every time, the booking number and what the form's own controls say", async () => {
    const first = await submitBooking(t);
    const second = await submitBooking(t, { rushService: true });
    const confirmations = (await mailsTo('an@saigon-cotton.vn')).filter((m) => m.subject.includes('received'));
    expect(confirmations.map((m) => m.subject)).toEqual([
      `Booking ${first.bookingNumber} received`,
      `Booking ${second.bookingNumber} received`,
    ]);
    const text = confirmations[1]!.text;
    expect(text).toContain(`Your booking number is ${second.bookingNumber}.`);
    expect(text).toContain('Sample types: 2');
    expect(text).toContain('Rush service: yes');
    // Nothing typed into the form is echoed to an address nobody has shown is theirs.
    for (const typed of ['Nguyen Van An', 'Saigon Cotton Co.', 'Cotton lint', '100% cotton', 'Vietnam', '12 Le Loi'])
      expect(text).not.toContain(typed);
    expect(text).toContain('What happens next:');
    // The laboratory's contact, as configured (LAB_CONTACT_EMAIL, LAB_CONTACT_PHONE).
    expect(text).toContain(`Write to ${t.env.LAB_CONTACT_EMAIL} or call ${t.env.LAB_CONTACT_PHONE}.`);
  });

  it('mails once for a double submit with the same Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'confirm-7f1c2d3e-0000-4000-8000-000000000001' };
    await t.request('POST', '/api/sample-submit-form', { body: bookingForm(), headers });
    await t.request('POST', '/api/sample-submit-form', { body: bookingForm(), headers });
    const confirmations = (await mailsTo('an@saigon-cotton.vn')).filter((m) => m.subject.includes('received'));
    expect(confirmations).toHaveLength(1);
  });
});

describe('[SUBMITTAL FORM] consent to keep contact details', () => {
  it('without consent mails no quick-fill code and keeps no company data for one', async () => {
    const created = await submitBooking(t, { isAgreeRegistration: false });
    const mails = await mailsTo('an@saigon-cotton.vn');
    expect(mails.map((m) => m.subject)).toEqual([`Booking ${created.bookingNumber} received`]);
    expect(await t.database.db.$count(quickFillCode)).toBe(0);
  });

  it('holds for bookings staff enter for a client too', async () => {
    const staff = await t.userWith(['CanCreateBooking']);
    const res = await t.request('POST', '/api/bookings/create', {
      token: staff.token,
      body: bookingForm({ isAgreeRegistration: false }),
    });
    expect(res.status).toBe(201);
    expect(await t.database.db.$count(quickFillCode)).toBe(0);
    expect(await mailsTo('an@saigon-cotton.vn')).toHaveLength(0);
  });

  it('with consent mails the code and keeps the company data it fills in', async () => {
    await submitBooking(t, { isAgreeRegistration: true });
    const subjects = (await mailsTo('an@saigon-cotton.vn')).map((m) => m.subject);
    expect(subjects.some((s) => /quick-fill code/i.test(s))).toBe(true);
    const [kept] = await t.database.db.select().from(quickFillCode);
    expect(kept!.companyData).toMatchObject({ companyName: 'Saigon Cotton Co.' });
  });
});

describe('[OPERATIONS] app config names the laboratory contact', () => {
  it('answers the configured contact address and phone', async () => {
    const res = await t.request('GET', '/api/app-config');
    expect(res.body.data.labContact).toEqual({ email: t.env.LAB_CONTACT_EMAIL, phone: t.env.LAB_CONTACT_PHONE });
  });
});
