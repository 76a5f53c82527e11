import { and, desc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboundMail } from '../../../src/server/db/schema.ts';
import { QUICK_FILL_WRONG_LIMIT } from '../../../src/server/services/bookings/quick-fill.ts';
import { submitBooking } from '../support/bookings.ts';
import { useTestApp } from '../support/test-app.ts';

// The limit of 5 wrong codes per phone was cleared by any right lookup on that
// phone, including one with a code the attacker had registered to the victim's phone by booking with
// it: 4 wrong guesses, 1 right, repeated, never locked, and client details could be harvested.

// Behind one proxy, so each request can come from an address of its own: the attacker rotates
// addresses, and only the counts per phone and per e-mail stand in the way.
const t = useTestApp({ TRUSTED_PROXIES: '1' });
let caller = 0;

const lookUp = (request: string, code: string) =>
  t.request('GET', `/api/sample-submit-form?${new URLSearchParams({ request, code })}`, {
    headers: { 'x-forwarded-for': `203.0.113.${++caller % 250}` },
  });

async function codeMailedTo(address: string): Promise<string> {
  const [mail] = await t.database.db
    .select()
    .from(outboundMail)
    .where(and(eq(outboundMail.to, address), like(outboundMail.subject, '%quick-fill code%')))
    .orderBy(desc(outboundMail.id));
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no quick-fill code mailed to ${address}`);
  return code;
}

const VICTIM = { email: 'an@saigon-cotton.vn', telephone: '+84 28 1234 5678' };
const ATTACKER = { email: 'mallory@example.org', telephone: '84 28 1234 5678' };

/** Codes that are neither of the two live ones. */
function guesses(...taken: string[]) {
  let next = 0;
  return () => {
    let code: string;
    do code = String(next++).padStart(6, '0');
    while (taken.includes(code));
    return code;
  };
}

describe('[SECURITY] quick-fill wrong-code locks hold', () => {
  it('four wrong codes and one right one, repeated on the same phone, lock the phone', async () => {
    await submitBooking(t, VICTIM);
    // The attacker books with the victim's phone and an e-mail of their own, and gets a code for it.
    await submitBooking(t, { ...ATTACKER, applicantCompany: 'Mallory Ltd' });
    const own = await codeMailedTo(ATTACKER.email);
    const victims = await codeMailedTo(VICTIM.email);
    const guess = guesses(own, victims);

    const answers: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < QUICK_FILL_WRONG_LIMIT.limit - 1; i++)
        answers.push((await lookUp(VICTIM.telephone, guess())).status);
      answers.push((await lookUp(VICTIM.telephone, own)).status);
    }
    // The fifth wrong code is the last one answered; after it the phone is locked, right code or not.
    expect(answers.slice(0, 6)).toEqual([400, 400, 400, 400, 200, 400]);
    expect(answers.slice(6).every((status) => status === 429)).toBe(true);
    const locked = await lookUp(VICTIM.telephone, victims);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ result: false, code: 'tooManyAttempts' });
  });

  it('a right code does not clear the count for an e-mail either', async () => {
    await submitBooking(t, VICTIM);
    const code = await codeMailedTo(VICTIM.email);
    const guess = guesses(code);
    for (let i = 0; i < QUICK_FILL_WRONG_LIMIT.limit - 1; i++)
      expect((await lookUp(VICTIM.email, guess())).status).toBe(400);
    expect((await lookUp(VICTIM.email, code)).status).toBe(200);
    expect((await lookUp(VICTIM.email, guess())).status).toBe(400);
    expect((await lookUp(VICTIM.email, code)).status).toBe(429);
  });

  it('asking by phone and then by e-mail shares one count for the client', async () => {
    await submitBooking(t, VICTIM);
    const code = await codeMailedTo(VICTIM.email);
    const guess = guesses(code);
    for (let i = 0; i < 3; i++) expect((await lookUp(VICTIM.telephone, guess())).status).toBe(400);
    for (let i = 0; i < 2; i++) expect((await lookUp(VICTIM.email, guess())).status).toBe(400);
    expect((await lookUp(VICTIM.email, code)).status).toBe(429);
    expect((await lookUp(VICTIM.telephone, code)).status).toBe(429);
  });
});
