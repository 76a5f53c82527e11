import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { booking, outboundMail } from '../../../src/server/db/schema.ts';
import {
  FORM_MAIL_PER_RECIPIENT,
  RESET_MAIL_PER_RECIPIENT,
} from '../../../src/server/services/messaging/recipient-limits.ts';
import { bookingForm } from '../support/bookings.ts';
import { ADMIN, useTestApp } from '../support/test-app.ts';

// 30 bookings from one address to one stranger's e-mail sent 30 laboratory-branded
// mails carrying the attacker's text; the limit was per sender, not per recipient.

// Behind one proxy, so requests can come from many addresses, as a patient attacker's would.
const t = useTestApp({ TRUSTED_PROXIES: '1' });

const STRANGER = 'stranger@mail.example';
const PHISHING = 'Your account is suspended: log in at https://evil.example/login';

const mailsToStranger = () =>
  t.database.db
    .select()
    .from(outboundMail)
    .where(sql`lower(${outboundMail.to}) LIKE 'stranger%@mail.example'`);

const submitFrom = (caller: string, overrides: Parameters<typeof bookingForm>[0]) =>
  t.request('POST', '/api/sample-submit-form', {
    body: bookingForm(overrides),
    headers: { 'x-forwarded-for': caller },
  });

describe('[SECURITY] mail the public form sends, per recipient', () => {
  it('sends one mailbox at most the limit per hour, however many bookings name it, and keeps every booking', async () => {
    const answers = [];
    // Case and "+tag" subaddresses reach the same mailbox, so they share its count.
    const spellings = [STRANGER, 'Stranger@Mail.Example', 'stranger+offer@mail.example'];
    for (let i = 0; i < 30; i++) {
      answers.push(await submitFrom(`198.51.100.${i}`, { email: spellings[i % spellings.length]! }));
    }
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(201));
    expect(await t.database.db.$count(booking)).toBe(30);
    expect(await mailsToStranger()).toHaveLength(FORM_MAIL_PER_RECIPIENT.limit);

    // The answer past the limit is the same as before it: it does not tell whether a mail went out.
    const [first, last] = [answers[0]!, answers[29]!];
    expect(last.body.message).toBe(first.body.message);
    expect(Object.keys(last.body.data).sort()).toEqual(Object.keys(first.body.data).sort());
    expect(last.body.data.bookingNumber).toMatch(/\S/);
  });

  it('echoes no text typed into the form to the address it names', async () => {
    const res = await submitFrom('198.51.100.1', {
      email: STRANGER,
      applicantContactPerson: PHISHING,
      applicantCompany: PHISHING,
      address: PHISHING,
      cityStateCountry: PHISHING,
      telephone: '+1 555 0100',
      sampleDescription: PHISHING,
      sampleTypes: [
        { type: PHISHING, composition: PHISHING, expectedOrigins: [{ origin: PHISHING }], notes: PHISHING },
      ],
    });
    expect(res.status).toBe(201);
    const mails = await mailsToStranger();
    // The confirmation and the quick-fill code.
    expect(mails.map((m) => m.subject).sort()).toEqual([
      `Booking ${res.body.data.bookingNumber} received`,
      'Your quick-fill code for the Order Request Form',
    ]);
    for (const mail of mails) {
      expect(mail.text).not.toContain('evil.example');
      expect(mail.text).not.toContain('suspended');
      expect(mail.subject).not.toContain('evil.example');
    }
    const confirmation = mails.find((m) => m.subject.includes('received'))!;
    expect(confirmation.text).toContain(`Your booking number is ${res.body.data.bookingNumber}.`);
    expect(confirmation.text).toContain('Sample types: 1');
  });
});

describe('[SECURITY] password reset mail, per recipient', () => {
  it('sends one mailbox at most the limit per hour, whichever addresses ask', async () => {
    const statuses = [];
    for (let i = 0; i < RESET_MAIL_PER_RECIPIENT.limit + 3; i++) {
      const res = await t.request('POST', `/api/user/reset-password?email=${encodeURIComponent(ADMIN.email)}`, {
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      statuses.push(res.status);
    }
    await t.settled();
    expect(statuses.filter((s) => s === 200)).toHaveLength(RESET_MAIL_PER_RECIPIENT.limit);
    expect(statuses.slice(RESET_MAIL_PER_RECIPIENT.limit).every((s) => s === 429)).toBe(true);
    const resets = await t.database.db.select().from(outboundMail);
    expect(resets.filter((m) => m.to === ADMIN.email)).toHaveLength(RESET_MAIL_PER_RECIPIENT.limit);
  });
});
