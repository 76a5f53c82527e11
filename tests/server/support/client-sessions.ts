import { desc, eq } from 'drizzle-orm';
import { clientLinkUrl, createClientLink } from '../../../src/server/auth/client-sessions.ts';
import { outboundMail } from '../../../src/server/db/schema.ts';
import type { TestApp } from './test-app.ts';
import { submitBooking } from './bookings.ts';

// Client portal sessions for tests, through the real routes: a link (made here, or read from the
// mail that carried it) traded at POST /api/client/session for the cookie a browser would keep.

export async function clientSessionCookie(t: TestApp, email = 'matrix@client.test'): Promise<string> {
  await submitBooking(t, { email });
  const token = await createClientLink(t.database.db, email, 60_000);
  const link = new URL(clientLinkUrl('http://localhost', token)).searchParams.get('link')!;
  const res = await t.request('POST', '/api/client/session', { body: { token: link } });
  if (res.status !== 200) throw new Error(`client session failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** The newest one-time link mailed to an address, read from the outbound-mail store. */
export async function mailedLink(app: TestApp, to: string, subject?: string): Promise<string> {
  const rows = await app.database.db
    .select()
    .from(outboundMail)
    .where(eq(outboundMail.to, to))
    .orderBy(desc(outboundMail.id));
  for (const row of rows) {
    if (subject && !row.subject.includes(subject)) continue;
    const match = /my-orders\?link=([\w%-]+)/.exec(row.text);
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  throw new Error(`no sign-in link mailed to ${to}`);
}

/** Trades a link for a session and answers the cookie header that carries it. */
export async function openClientSession(app: TestApp, link: string): Promise<string> {
  const res = await app.request('POST', '/api/client/session', { body: { token: link } });
  if (res.status !== 200) throw new Error(`session refused: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

export const asClient = (cookie: string) => ({ headers: { cookie } });
