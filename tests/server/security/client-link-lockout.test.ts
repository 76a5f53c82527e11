import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboundMail } from '../../../src/server/db/schema.ts';
import { submitBooking } from '../support/bookings.ts';
import { useTestApp } from '../support/test-app.ts';

// A stranger must not be able to shut a client out of My orders by asking for sign-in links in
// their name: the refusal (429) is per caller address only, and the mails an address is sent are
// counted per exact address, only when one goes out.

const t = useTestApp({ TRUSTED_PROXIES: '1' });

const askLink = (email: string, from: string) =>
  t.request('POST', '/api/client/sign-in-links', { body: { email }, headers: { 'x-forwarded-for': from } });

async function signInMails(to: string) {
  return t.database.db
    .select()
    .from(outboundMail)
    .where(and(eq(outboundMail.to, to), like(outboundMail.subject, '%sign-in%')));
}

describe('[SECURITY] sign-in link lockout', () => {
  it('requests for +tag variants from many addresses do not lock the real address out', async () => {
    await submitBooking(t, { email: 'victim@client.test' });
    for (let i = 0; i < 6; i++) {
      const res = await askLink(`victim+x${i}@client.test`, `203.0.113.${i}`);
      expect(res.status).toBe(200);
    }
    await t.settled();
    const own = await askLink('victim@client.test', '198.51.100.7');
    expect(own.status).toBe(200);
    await t.settled();
    expect(await signInMails('victim@client.test')).toHaveLength(1);
  });

  it('a stranger asking for the exact address leaves the owner with working links and no refusal', async () => {
    await submitBooking(t, { email: 'owner@client.test' });
    for (let i = 0; i < 5; i++) {
      expect((await askLink('owner@client.test', `203.0.113.${i}`)).status).toBe(200);
      await t.settled();
    }
    const own = await askLink('owner@client.test', '198.51.100.7');
    expect(own.status).toBe(200);
    await t.settled();
    // The mailbox is not flooded (3 links a link's lifetime), and each link sent still opens a session.
    const mails = await signInMails('owner@client.test');
    expect(mails).toHaveLength(3);
    const token = decodeURIComponent(/my-orders\?link=([\w%-]+)/.exec(mails[0]!.text)![1]!);
    const session = await t.request('POST', '/api/client/session', { body: { token } });
    expect(session.status).toBe(200);
  });

  it('one caller address is refused past 10 requests an hour, whatever the addresses', async () => {
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await askLink(`someone${i}@client.test`, '203.0.113.9')).status);
    expect(answers.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(answers[10]).toBe(429);
    expect((await askLink('someone@client.test', '203.0.113.10')).status).toBe(200);
  });
});
