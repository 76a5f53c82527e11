import type { AddressInfo } from 'node:net';
import { asc } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { outboundMail } from '../../../src/server/db/schema.ts';
import { createLogger } from '../../../src/server/logger.ts';
import { createMailer } from '../../../src/server/services/messaging/outbound-mail.ts';
import { useTestApp } from '../support/test-app.ts';

// A stopping server finishes the message it is sending and hands back the others it had claimed,
// so another instance sends them at once instead of after the claim timeout.

let openGate: () => void = () => undefined;
const gate = new Promise<void>((resolve) => (openGate = resolve));
let sending: () => void = () => undefined;
const firstSending = new Promise<void>((resolve) => (sending = resolve));
const delivered: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    stream.resume();
    stream.on('end', () => {
      sending();
      // The first message is held until the test has asked the mailer to stop.
      void gate.then(() => {
        delivered.push(session.envelope.rcptTo.map((r) => r.address).join(','));
        callback();
      });
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const port = (smtp.server.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const t = useTestApp();

describe('[SHUTDOWN] outbound mail claims', () => {
  it('finishes the message being sent and hands back the rest, attempts not counted', async () => {
    const db = t.database.db;
    await db.insert(outboundMail).values([
      { to: 'one@lab.test', subject: 'one', text: 'x' },
      { to: 'two@lab.test', subject: 'two', text: 'x' },
      { to: 'three@lab.test', subject: 'three', text: 'x' },
    ]);
    const env = t.env;
    const mailer = createMailer({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: env.MAIL_FROM }, createLogger(env));

    const round = mailer.deliver(db);
    await firstSending;
    const released = mailer.releaseClaims(db);
    openGate();
    expect(await round).toBe(3);
    expect(await released).toBe(2);

    const rows = await db.select().from(outboundMail).orderBy(asc(outboundMail.id));
    expect(delivered).toEqual(['one@lab.test']);
    expect(rows[0]).toMatchObject({ to: 'one@lab.test', attempts: 1 });
    expect(rows[0]!.sentAt).not.toBeNull();
    for (const row of rows.slice(1)) expect(row).toMatchObject({ sentAt: null, claimedAt: null, attempts: 0 });
    // A stopped mailer starts no new round.
    expect(await mailer.deliver(db)).toBe(0);
  });
});
