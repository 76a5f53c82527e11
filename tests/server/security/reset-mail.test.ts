import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { outboundMail, passwordReset } from '../../../src/server/db/schema.ts';
import { ADMIN, useTestApp } from '../support/test-app.ts';

// An administrator cannot read a reset link from the outbound mail, and
// a reset request does not tell (by its answer or the work behind it) whether the e-mail has an account.

const received: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    stream.on('end', () => {
      received.push(raw);
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const port = (smtp.server.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const t = useTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });

const requestReset = (email: string) =>
  t.request('POST', `/api/user/reset-password?email=${encodeURIComponent(email)}`);

describe('[SECURITY] reset links in outbound mail', () => {
  it('administrators see reset mail redacted, and only the redacted copy is kept once sent', async () => {
    const holder = await t.userWith(['CanResetPassowrd']);
    expect((await requestReset(ADMIN.email)).status).toBe(200);

    await t.settled();
    expect(received.some((raw) => /reset-password\?token=[\w-]{20,}/.test(raw.replace(/=\r\n/g, '')))).toBe(true);

    // Once sent, the table itself holds no usable token any more.
    const [kept] = await t.database.db.select().from(outboundMail).where(eq(outboundMail.to, ADMIN.email));
    expect(kept!.sentAt).not.toBeNull();
    expect(kept!.text).toContain('token=[redacted]');
    expect(kept!.text).not.toMatch(/token=[\w-]{20,}/);
    const after = await t.request('GET', '/api/outbound-mail', { token: holder.token });
    expect(after.body.data.items[0].text).toContain('reset-password?token=[redacted]');
    expect(JSON.stringify(after.body)).not.toMatch(/token=[\w-]{20,}/);
  });
});

describe('[SECURITY] reset requests for known and unknown e-mails', () => {
  it('answer alike and do the same work before answering; the account is looked up afterwards', async () => {
    const known = await requestReset(ADMIN.email);
    const unknown = await requestReset('nobody@lab.test');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect([...unknown.headers.keys()].sort()).toEqual([...known.headers.keys()].sort());

    // Nothing that depends on the account happened while the caller waited for the answer.
    expect(await t.database.db.$count(passwordReset)).toBe(0);
    expect(await t.database.db.$count(outboundMail)).toBe(0);

    await t.settled();
    expect(await t.database.db.$count(passwordReset)).toBe(1);
    const mails = await t.database.db.select().from(outboundMail);
    expect(mails.map((m) => m.to)).toEqual([ADMIN.email]);
  });
});
