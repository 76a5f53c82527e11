import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clientSignInLink, outboundMail } from '../../../src/server/db/schema.ts';
import { CHECK_IN } from '../support/sample-journey.ts';
import { otherPayer, submitBooking } from '../support/bookings.ts';
import { mailedLink } from '../support/client-sessions.ts';
import { useTestApp, type TestApp } from '../support/test-app.ts';

// The client portal (docs/client-portal.md): one-time links by mail, a client session of its own
// kind, and a client who sees only the bookings their address is on.

const t = useTestApp();

/** Trades a link for a session and answers the cookie header that carries it. */
async function openSession(app: TestApp, link: string): Promise<string> {
  const res = await app.request('POST', '/api/client/session', { body: { token: link } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const cookie = res.headers.get('set-cookie') ?? '';
  expect(cookie).toMatch(/isotope_client=[^;]+; .*HttpOnly/i);
  return cookie.split(';')[0]!;
}

const asClient = (cookie: string) => ({ headers: { cookie } });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

describe('[CLIENT PORTAL] sign-in by mailed link', () => {
  it('the confirmation mail carries a link that opens the client’s bookings, once', async () => {
    const booked = await submitBooking(t, { email: 'an@client.test' });
    const link = await mailedLink(t, 'an@client.test');
    const cookie = await openSession(t, link);

    const list = await t.request('GET', '/api/client/bookings', asClient(cookie));
    expect(list.status).toBe(200);
    expect(list.body.data.email).toBe('an@client.test');
    expect(list.body.data.bookings.map((b: { bookingNumber: string }) => b.bookingNumber)).toEqual([
      booked.bookingNumber,
    ]);

    const reused = await t.request('POST', '/api/client/session', { body: { token: link } });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ result: false, code: 'clientLinkUsed' });
    expect(reused.headers.get('set-cookie')).toBeNull();
  });

  it('a forged or expired link is refused with its own code and no data', async () => {
    const forged = await t.request('POST', '/api/client/session', { body: { token: 'made-up-link' } });
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ result: false, code: 'clientLinkInvalid' });
    expect(forged.body.data).toBeUndefined();

    await submitBooking(t, { email: 'late@client.test' });
    const link = await mailedLink(t, 'late@client.test');
    await t.database.db.update(clientSignInLink).set({ expiresAt: sql`now() - interval '1 minute'` });
    const expired = await t.request('POST', '/api/client/session', { body: { token: link } });
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ result: false, code: 'clientLinkExpired' });
  });

  it('asking for a link answers the same for a known and an unknown address, and mails only the known', async () => {
    await submitBooking(t, { email: 'known@client.test' });
    const known = await t.request('POST', '/api/client/sign-in-links', { body: { email: 'Known@Client.test' } });
    const unknown = await t.request('POST', '/api/client/sign-in-links', { body: { email: 'nobody@client.test' } });
    await t.settled();
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    const mails = await t.database.db.select().from(outboundMail);
    expect(mails.filter((m) => m.to === 'nobody@client.test')).toEqual([]);
    const signIn = mails.filter((m) => m.to === 'known@client.test' && m.subject.includes('sign-in'));
    expect(signIn).toHaveLength(1);
    // The stored hash only: the secret is in the mail, not in the table.
    const token = await mailedLink(t, 'known@client.test');
    const rows = await t.database.db.select().from(clientSignInLink);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
  });

  it('links are rate limited per caller address; a mailbox gets at most 3 links a link’s lifetime', async () => {
    await submitBooking(t, { email: 'flood@client.test' });
    const answers = [];
    for (let i = 0; i < 11; i++) {
      answers.push(
        (await t.request('POST', '/api/client/sign-in-links', { body: { email: 'flood@client.test' } })).status,
      );
    }
    await t.settled();
    expect(answers).toEqual([...Array<number>(10).fill(200), 429]);
    const mails = await t.database.db.select().from(outboundMail).where(eq(outboundMail.to, 'flood@client.test'));
    expect(mails.filter((m) => m.subject.includes('sign-in'))).toHaveLength(3);
  });
});

describe('[CLIENT PORTAL] what a client session reaches', () => {
  it('its own bookings, and those naming it as report recipient or payer once it opened their link', async () => {
    const own = await submitBooking(t, { email: 'mine@client.test' });
    const asReport = await submitBooking(t, { email: 'other@client.test', emailReportToEmail: 'mine@client.test' });
    const asPayer = await submitBooking(t, {
      email: 'third@client.test',
      payerInfo: { ...otherPayer, email: 'MINE@client.test' },
    });
    const stranger = await submitBooking(t, { email: 'stranger@client.test' });
    const cookie = await openSession(
      t,
      await mailedLink(t, 'mine@client.test', `Booking ${own.bookingNumber} received`),
    );
    const listed = async (session: string) =>
      ((await t.request('GET', '/api/client/bookings', asClient(session))).body.data.bookings as { id: number }[])
        .map((b) => b.id)
        .sort();
    // Named, not yet confirmed: not in My orders, and not reachable one by one.
    expect(await listed(cookie)).toEqual([own.id]);
    expect((await t.request('GET', `/api/client/bookings/${asReport.id}`, asClient(cookie))).status).toBe(404);

    // Each co-party mail carries a link about its booking; opening it confirms that booking only.
    const named = await t.database.db.select().from(outboundMail).where(eq(outboundMail.to, 'mine@client.test'));
    expect(
      named
        .filter((m) => m.subject.includes('names your e-mail'))
        .map((m) => m.subject)
        .sort(),
    ).toEqual(
      [
        `Booking ${asPayer.bookingNumber} names your e-mail`,
        `Booking ${asReport.bookingNumber} names your e-mail`,
      ].sort(),
    );
    const reportCookie = await openSession(
      t,
      await mailedLink(t, 'mine@client.test', `Booking ${asReport.bookingNumber} names`),
    );
    expect(await listed(reportCookie)).toEqual([own.id, asReport.id].sort());
    await openSession(t, await mailedLink(t, 'mine@client.test', `Booking ${asPayer.bookingNumber} names`));
    expect(await listed(cookie)).toEqual([own.id, asReport.id, asPayer.id].sort());

    const theirs = await t.request('GET', `/api/client/bookings/${stranger.id}`, asClient(cookie));
    expect(theirs.status).toBe(404);
    expect(theirs.body.data).toBeUndefined();
    for (const path of [`/api/client/bookings/${stranger.id}/cancel`, `/api/client/bookings/${stranger.id}/notes`]) {
      const res = await t.request('POST', path, { ...asClient(cookie), body: { cancelReason: 'x', text: 'x' } });
      expect(res.status, path).toBe(404);
    }
    const mails = await t.request('PUT', `/api/client/bookings/${stranger.id}/mails`, {
      ...asClient(cookie),
      body: { mailsOff: true },
    });
    expect(mails.status).toBe(404);
  });

  it('a staff token opens no client route, and no cookie means sign in', async () => {
    const admin = await t.signInAsAdmin();
    const staff = await t.request('GET', '/api/client/bookings', { token: admin });
    expect(staff.status).toBe(401);
    const none = await t.request('GET', '/api/client/bookings');
    expect(none.status).toBe(401);
    expect(none.body.code).toBe('clientSignInRequired');
  });
});

describe('[CLIENT PORTAL] stages, actions and mails', () => {
  it('shows the sample’s stage as staff move it, mails the receipt, and staff see the client’s side', async () => {
    const admin = await t.signInAsAdmin();
    const booked = await submitBooking(t, { email: 'stage@client.test' });
    const cookie = await openSession(t, await mailedLink(t, 'stage@client.test'));

    const confirm = await t.request('PUT', `/api/cs-lab/check-in?id=${booked.id}`, { token: admin });
    expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
    const [first] = confirm.body.data.sampleEntries as { id: number }[];
    let view = await t.request('GET', `/api/client/bookings/${booked.id}`, asClient(cookie));
    expect(view.body.data.samples[0].stage).toBe('awaiting');

    const checkIn = await t.request('PUT', `/api/cs-lab/check-in?id=${first!.id}&entry=sample`, {
      token: admin,
      body: { ...CHECK_IN, receivedDate: new Date().toISOString() },
    });
    expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(200);
    view = await t.request('GET', `/api/client/bookings/${booked.id}`, asClient(cookie));
    const sample = view.body.data.samples.find((s: { id: number }) => s.id === first!.id);
    expect(sample.stage).toBe('received');
    expect(sample.stages).toEqual([{ stage: 'received', at: expect.any(String) }]);

    const received = await t.database.db.select().from(outboundMail).where(eq(outboundMail.to, 'stage@client.test'));
    expect(received.map((m) => m.subject)).toContain(`Booking ${booked.bookingNumber}: samples received`);

    const activity = await t.request('GET', `/api/bookings/client-activity/${booked.id}`, { token: admin });
    expect(activity.status).toBe(200);
    expect(activity.body.data.mails.map((m: { kind: string }) => m.kind).sort()).toEqual(['confirmation', 'received']);
    expect(activity.body.data.lastViewedAt).toEqual(expect.any(String));
  });

  it('a client cancels a booking not yet confirmed, adds a note and turns the mails off', async () => {
    const booked = await submitBooking(t, { email: 'cancel@client.test' });
    const cookie = await openSession(t, await mailedLink(t, 'cancel@client.test'));
    const note = await t.request('POST', `/api/client/bookings/${booked.id}/notes`, {
      ...asClient(cookie),
      body: { text: 'Two more bags follow next week.' },
    });
    expect(note.status).toBe(201);
    const off = await t.request('PUT', `/api/client/bookings/${booked.id}/mails`, {
      ...asClient(cookie),
      body: { mailsOff: true },
    });
    expect(off.body.data).toEqual({ mailsOff: true });
    const blank = await t.request('POST', `/api/client/bookings/${booked.id}/cancel`, {
      ...asClient(cookie),
      body: { cancelReason: '  ' },
    });
    expect(blank.status).toBe(400);
    const cancelled = await t.request('POST', `/api/client/bookings/${booked.id}/cancel`, {
      ...asClient(cookie),
      body: { cancelReason: 'Shipment postponed' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const view = await t.request('GET', `/api/client/bookings/${booked.id}`, asClient(cookie));
    expect(view.body.data).toMatchObject({
      status: 'Cancelled',
      cancelReason: 'Shipment postponed',
      canCancel: false,
      mailsOff: true,
      notes: [{ text: 'Two more bags follow next week.' }],
    });
    const again = await t.request('POST', `/api/client/bookings/${booked.id}/cancel`, {
      ...asClient(cookie),
      body: { cancelReason: 'Again' },
    });
    expect(again.status).toBe(409);
    const prefill = await t.request('GET', '/api/client/prefill', asClient(cookie));
    expect(prefill.body.data).toMatchObject({ email: 'cancel@client.test', companyName: 'Saigon Cotton Co.' });
  });

  it('a cancellation by the laboratory mails the client, unless they turned mails off for that booking', async () => {
    const admin = await t.signInAsAdmin();
    const heard = await submitBooking(t, { email: 'heard@client.test' });
    const quiet = await submitBooking(t, { email: 'quiet@client.test' });
    const cookie = await openSession(t, await mailedLink(t, 'quiet@client.test'));
    await t.request('PUT', `/api/client/bookings/${quiet.id}/mails`, { ...asClient(cookie), body: { mailsOff: true } });
    for (const id of [heard.id, quiet.id]) {
      const res = await t.request('PUT', `/api/bookings/cancel?id=${id}`, {
        token: admin,
        body: { cancelReason: 'Samples never arrived' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const subjects = async (to: string) =>
      (await t.database.db.select().from(outboundMail).where(eq(outboundMail.to, to))).map((m) => m.subject);
    expect(await subjects('heard@client.test')).toContain(`Booking ${heard.bookingNumber} cancelled`);
    expect(await subjects('quiet@client.test')).not.toContain(`Booking ${quiet.bookingNumber} cancelled`);
    const [mail] = await t.database.db
      .select()
      .from(outboundMail)
      .where(eq(outboundMail.subject, `Booking ${heard.bookingNumber} cancelled`));
    // The stored copy shown to administrators and kept once sent has the link blanked.
    expect(mail!.redactedText).toContain('link=%5Bredacted%5D');
    expect(mail!.text).toMatch(/my-orders\?link=[\w-]{20,}/);
  });

  it('a client attaches a file uploaded through the public upload; a file is taken once, and only to their booking', async () => {
    const booked = await submitBooking(t, { email: 'files@client.test' });
    const stranger = await submitBooking(t, { email: 'nosy@client.test' });
    const cookie = await openSession(t, await mailedLink(t, 'files@client.test'));
    const form = new FormData();
    form.append('files', new File([new Uint8Array(PDF)], 'packing-list.pdf', { type: 'application/pdf' }));
    const upload = await t.request('POST', '/api/sample-submit-form/attachments', { form });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const attachmentFileIds = [upload.body.data[0].id as string];

    const toStranger = await t.request('POST', `/api/client/bookings/${stranger.id}/attachments`, {
      ...asClient(cookie),
      body: { attachmentFileIds },
    });
    expect(toStranger.status).toBe(404);
    const added = await t.request('POST', `/api/client/bookings/${booked.id}/attachments`, {
      ...asClient(cookie),
      body: { attachmentFileIds },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data).toEqual({ attachments: 1 });
    const view = await t.request('GET', `/api/client/bookings/${booked.id}`, asClient(cookie));
    expect(view.body.data.attachments).toBe(1);

    const again = await t.request('POST', `/api/client/bookings/${booked.id}/attachments`, {
      ...asClient(cookie),
      body: { attachmentFileIds: [crypto.randomUUID()] },
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('attachmentsMissing');
  });
});
