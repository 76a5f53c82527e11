import { clientLinkUrl, createClientLink } from '../../../src/server/auth/client-sessions.ts';
import type { TestApp } from './test-app.ts';
import { submitBooking } from './bookings.ts';

// A client session for the contract-wide tests: a booking of the client's, a one-time link for its
// address and the session it opens, through the real route.

export async function clientSessionCookie(t: TestApp, email = 'matrix@client.test'): Promise<string> {
  await submitBooking(t, { email });
  const token = await createClientLink(t.database.db, email, 60_000);
  const link = new URL(clientLinkUrl('http://localhost', token)).searchParams.get('link')!;
  const res = await t.request('POST', '/api/client/session', { body: { token: link } });
  if (res.status !== 200) throw new Error(`client session failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}
