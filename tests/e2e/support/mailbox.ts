/**
 * A real SMTP server for the e2e specs that read mail (quick-fill codes). The e2e server sends to
 * smtp://127.0.0.1:<e2eSmtpPort> (tests/e2e/support/server.ts) unless SMTP_URL says otherwise; a spec
 * opens the mailbox before it makes the server send anything, and polls it, because the server
 * delivers mail after the request has committed.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { e2ePort } from './accounts.ts';

export const e2eSmtpPort = Number(process.env.E2E_SMTP_PORT ?? e2ePort + 20_000);

type ReceivedMail = { to: string[]; raw: string };

export type Mailbox = {
  received: ReceivedMail[];
  /**
   * Waits until a message to `address` arrives (or `timeoutMs` passes) and answers its raw text;
   * with `matching`, only a message whose raw text matches (an applicant gets a confirmation and a code).
   */
  waitForMailTo: (address: string, timeoutMs?: number, matching?: RegExp) => Promise<ReceivedMail>;
  close: () => Promise<void>;
};

export async function openMailbox(port = e2eSmtpPort): Promise<Mailbox> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Loopback only, and nodemailer would refuse the self-signed certificate STARTTLS would offer.
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  if ((server.server.address() as AddressInfo).port !== port) throw new Error('mailbox did not bind its port');

  return {
    received,
    async waitForMailTo(address, timeoutMs = 15_000, matching) {
      const wanted = address.toLowerCase();
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const mail = received.find((m) => m.to.includes(wanted) && (!matching || matching.test(m.raw)));
        if (mail) return mail;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
