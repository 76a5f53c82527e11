import { and, desc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboundMail, quickFillCode } from '../../../src/server/db/schema.ts';
import { submitBooking } from '../support/bookings.ts';
import { useTestApp } from '../support/test-app.ts';

const t = useTestApp();

// Only the quick-fill code mails: every booking also mails its own confirmation (submittal-form.test.ts).
async function mailsTo(address: string) {
  return t.database.db
    .select()
    .from(outboundMail)
    .where(and(eq(outboundMail.to, address), like(outboundMail.subject, '%quick-fill code%')))
    .orderBy(desc(outboundMail.id));
}

async function codeMailedTo(address: string): Promise<string> {
  const [mail] = await mailsTo(address);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no quick-fill code mailed to ${address}`);
  return code;
}

const lookUp = (request: string, code: string) =>
  t.request('GET', `/api/sample-submit-form?${new URLSearchParams({ request, code })}`);

const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('[QUICK-FILL] code after a first booking', () => {
  it('mails a 6-digit code after the first booking from an e-mail, and stores it hashed', async () => {
    await submitBooking(t, { email: 'An@Saigon-Cotton.vn' });
    const mails = await mailsTo('An@Saigon-Cotton.vn');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/quick-fill code/i);
    const code = await codeMailedTo('An@Saigon-Cotton.vn');

    const [stored] = await t.database.db.select().from(quickFillCode);
    expect(stored!.email).toBe('an@saigon-cotton.vn');
    expect(stored!.codeHash).not.toContain(code);
    const days = (stored!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);
  });

  it('does not mail a new code for later bookings, nor let them change what the code fills in', async () => {
    await submitBooking(t);
    const code = await codeMailedTo('an@saigon-cotton.vn');
    await submitBooking(t, { address: '99 Nguyen Hue', applicantContactPerson: 'Pham D' });
    expect(await mailsTo('an@saigon-cotton.vn')).toHaveLength(1);
    const res = await lookUp('an@saigon-cotton.vn', code);
    expect(res.body.data).toMatchObject({ address: '12 Le Loi, District 1', contactName: 'Nguyen Van An' });
  });

  it('mails a fresh code once the old one has expired', async () => {
    await submitBooking(t);
    await t.database.db.update(quickFillCode).set({ expiresAt: new Date(Date.now() - 1000) });
    await submitBooking(t);
    expect(await mailsTo('an@saigon-cotton.vn')).toHaveLength(2);
  });
});

describe('[QUICK-FILL] lookup', () => {
  it('answers the company data for the right code, by e-mail or by phone', async () => {
    await submitBooking(t);
    const code = await codeMailedTo('an@saigon-cotton.vn');
    const expected = {
      companyName: 'Saigon Cotton Co.',
      phone: '+84 28 1234 5678',
      address: '12 Le Loi, District 1',
      cityStateCountry: 'Ho Chi Minh City, Vietnam',
      contactName: 'Nguyen Van An',
      email: 'an@saigon-cotton.vn',
    };
    const byEmail = await lookUp('AN@saigon-cotton.vn', code);
    expect(byEmail.status).toBe(200);
    expect(byEmail.body).toEqual({ result: true, message: 'Data retrieved successfully!', data: expected });

    const byPhone = await lookUp('+84 (28) 1234-5678', code);
    expect(byPhone.status).toBe(200);
    expect(byPhone.body.data).toEqual(expected);
  });

  it('refuses a wrong code, an unknown address and an expired code with a field error on code', async () => {
    await submitBooking(t);
    const code = await codeMailedTo('an@saigon-cotton.vn');
    for (const [request, tried] of [
      ['an@saigon-cotton.vn', wrongCodeFor(code)],
      ['someone@else.vn', code],
    ] as const) {
      const res = await lookUp(request, tried);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ result: false, errors: { code: 'The code is incorrect or has expired.' } });
    }
    await t.database.db.update(quickFillCode).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await lookUp('an@saigon-cotton.vn', code)).status).toBe(400);
  });

  it('requires both the e-mail or phone and the code', async () => {
    const res = await t.request('GET', '/api/sample-submit-form');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      request: 'Please enter your e-mail or phone number',
      code: 'Please enter the code',
    });
  });

  it('stops answering after five wrong codes for an e-mail, even the right one', async () => {
    await submitBooking(t);
    const code = await codeMailedTo('an@saigon-cotton.vn');
    for (let i = 0; i < 5; i++) expect((await lookUp('an@saigon-cotton.vn', wrongCodeFor(code))).status).toBe(400);
    const blocked = await lookUp('an@saigon-cotton.vn', code);
    expect(blocked.status).toBe(429);
    expect(blocked.body.result).toBe(false);
  });

  it('stops answering an address that keeps guessing across different e-mails', async () => {
    await submitBooking(t);
    const code = await codeMailedTo('an@saigon-cotton.vn');
    for (let i = 0; i < 5; i++) expect((await lookUp(`probe${i}@x.vn`, '123456')).status).toBe(400);
    expect((await lookUp('an@saigon-cotton.vn', code)).status).toBe(429);
  });
});
