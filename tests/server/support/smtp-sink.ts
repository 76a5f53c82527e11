import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll } from 'vitest';

export type ReceivedMail = { to: string[]; raw: string };

/**
 * A real SMTP server on loopback that keeps what the app sends, for a test file's `SMTP_URL`; it
 * closes when the file's tests end.
 */
export async function startSmtpSink(): Promise<{ received: ReceivedMail[]; url: string }> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
  return { received, url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` };
}
