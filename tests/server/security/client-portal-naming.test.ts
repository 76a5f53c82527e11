import { describe, expect, it } from 'vitest';
import { asClient, mailedLink, openClientSession } from '../support/client-sessions.ts';
import { bookingForm, otherPayer, submitBooking } from '../support/bookings.ts';
import { useTestApp } from '../support/test-app.ts';

// Anyone can type any address into the public order form as report recipient or payer. Naming a
// client must not put bookings into their My orders, hide the bookings they made, fill their next
// booking with a stranger's details, or make staff think the client turned their mails off.

const t = useTestApp({ TRUSTED_PROXIES: '1' });

/** A stranger's booking, from an address of its own (the form limits bookings per caller address). */
const strangerBooking = (i: number, overrides: Parameters<typeof submitBooking>[1]) =>
  t
    .request('POST', '/api/sample-submit-form', {
      body: bookingForm(overrides),
      headers: { 'x-forwarded-for': `203.0.113.${i}` },
    })
    .then((res) => {
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data as { id: number; bookingNumber: string };
    });

describe('[SECURITY] bookings naming a client', () => {
  it('bookings naming the client as recipient or payer stay out of My orders until confirmed, and never hide their own', async () => {
    const own = await submitBooking(t, { email: 'client@victim.test' });
    for (let i = 0; i < 40; i++) {
      await strangerBooking(
        i,
        i % 2
          ? { email: `mallory${i}@attacker.test`, emailReportToEmail: 'client@victim.test' }
          : { email: `mallory${i}@attacker.test`, payerInfo: { ...otherPayer, email: 'client@victim.test' } },
      );
    }
    const cookie = await openClientSession(
      t,
      await mailedLink(t, 'client@victim.test', `Booking ${own.bookingNumber} received`),
    );
    const list = await t.request('GET', '/api/client/bookings', asClient(cookie));
    expect(list.body.data.bookings.map((b: { id: number }) => b.id)).toEqual([own.id]);
  });

  it('the new booking’s prefill takes only a booking the client made and confirmed, not a stranger’s in their name', async () => {
    const own = await submitBooking(t, { email: 'client@victim.test', applicantCompany: 'Real Co.' });
    const cookie = await openClientSession(
      t,
      await mailedLink(t, 'client@victim.test', `Booking ${own.bookingNumber} received`),
    );
    // Later, a stranger books in the client's name with their own company and address.
    await strangerBooking(1, { email: 'client@victim.test', applicantCompany: 'Mallory Ltd', address: 'Elsewhere 1' });
    const prefill = await t.request('GET', '/api/client/prefill', asClient(cookie));
    expect(prefill.status).toBe(200);
    expect(prefill.body.data).toMatchObject({ companyName: 'Real Co.' });
  });

  it('staff see whose progress mails are off: a co-party’s choice is not the applicant’s', async () => {
    const admin = await t.signInAsAdmin();
    const booked = await submitBooking(t, {
      email: 'applicant@client.test',
      payerInfo: { ...otherPayer, email: 'payer@client.test' },
    });
    const payer = await openClientSession(t, await mailedLink(t, 'payer@client.test', 'names your e-mail'));
    const off = await t.request('PUT', `/api/client/bookings/${booked.id}/mails`, {
      ...asClient(payer),
      body: { mailsOff: true },
    });
    expect(off.status).toBe(200);
    const activity = await t.request('GET', `/api/bookings/client-activity/${booked.id}`, { token: admin });
    expect(activity.body.data.mailsOffFor).toEqual(['payer@client.test']);
    expect(activity.body.data.mails.map((m: { kind: string; to: string }) => `${m.kind} ${m.to}`).sort()).toEqual([
      'confirmation applicant@client.test',
      'named payer@client.test',
    ]);
  });
});
