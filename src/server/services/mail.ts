import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Executor } from '../db/client.ts';
import { outboundMail } from '../db/schema.ts';
import type { Env } from '../env.ts';
import type { Logger } from '../logger.ts';

export type MailMessage = { to: string; subject: string; text: string; html?: string };

export type Mailer = {
  /** Records the message and, when SMTP is configured, sends it. A failed send is recorded, not thrown. */
  send: (db: Executor, message: MailMessage) => Promise<void>;
};

export function createMailer(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>, logger: Logger): Mailer {
  const transport = env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : undefined;
  return {
    async send(db, message) {
      const [row] = await db.insert(outboundMail).values(message).returning({ id: outboundMail.id });
      if (!transport || !row) return;
      try {
        await transport.sendMail({ from: env.MAIL_FROM, ...message });
        await db.update(outboundMail).set({ sentAt: new Date() }).where(eq(outboundMail.id, row.id));
      } catch (error) {
        logger.warn({ err: error, to: message.to }, 'mail not sent');
        await db
          .update(outboundMail)
          .set({ error: error instanceof Error ? error.message : String(error) })
          .where(eq(outboundMail.id, row.id));
      }
    },
  };
}
