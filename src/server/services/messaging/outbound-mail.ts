import { and, desc, inArray, isNull, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db, Executor } from '../../db/client.ts';
import { outboundMail } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import type { Logger } from '../../logger.ts';

type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The text without its secrets, when it has any: shown to administrators and kept once sent. */
  redactedText?: string;
};

export type Mailer = {
  /**
   * Records the message in the outbound-mail table, in the caller's transaction. Nothing is sent
   * here: a request's transaction must not wait on an SMTP server (PGlite serves one connection),
   * and mail for a change that rolls back must never leave.
   */
  send: (db: Executor, message: MailMessage) => Promise<void>;
  /** True when messages were recorded since the last delivery round. */
  readonly hasQueued: boolean;
  /** Sends recorded, unsent messages (SMTP_URL set); safe to run from several instances at once. */
  deliver: (db: Db) => Promise<number>;
  /**
   * For a stopping server: no new round starts, the message being sent now is finished, and the
   * messages this instance claimed but did not send are handed back at once (not after the
   * claim timeout), without counting the attempt, so another instance sends them.
   */
  releaseClaims: (db: Db) => Promise<number>;
};

export const MAIL_MAX_ATTEMPTS = 5;
// A claim older than this is taken to belong to an instance that died mid-send.
const CLAIM_TIMEOUT_SECONDS = 300;

export function createMailer(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>, logger: Logger): Mailer {
  const transport = env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : undefined;
  let queued = false;
  let delivering: Promise<number> | undefined;
  let isStopping = false;
  // Claimed by this instance and neither sent nor given back yet.
  const claimedHere = new Set<number>();

  async function deliverRound(db: Db): Promise<number> {
    queued = false;
    if (!transport || isStopping) return 0;
    // Claim rows atomically so two instances never send the same message.
    const claimed = await db
      .update(outboundMail)
      .set({ claimedAt: sql`now()`, attempts: sql`${outboundMail.attempts} + 1` })
      .where(
        sql`${outboundMail.id} IN (SELECT id FROM outbound_mail WHERE sent_at IS NULL AND attempts < ${MAIL_MAX_ATTEMPTS}
          AND (claimed_at IS NULL OR claimed_at < now() - make_interval(secs => ${CLAIM_TIMEOUT_SECONDS}))
          ORDER BY id LIMIT 20 FOR UPDATE SKIP LOCKED)`,
      )
      .returning();
    for (const mail of claimed) claimedHere.add(mail.id);
    for (const mail of claimed) {
      if (isStopping) break;
      try {
        await transport.sendMail({
          from: env.MAIL_FROM,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? undefined,
        });
        // Once delivered, only the redacted copy stays: a reset link must not outlive its mail.
        await db
          .update(outboundMail)
          .set({
            sentAt: sql`now()`,
            error: null,
            text: sql`coalesce(${outboundMail.redactedText}, ${outboundMail.text})`,
            html: sql`CASE WHEN ${outboundMail.redactedText} IS NULL THEN ${outboundMail.html} END`,
          })
          .where(sql`${outboundMail.id} = ${mail.id}`);
      } catch (error) {
        logger.warn({ err: error, to: mail.to }, 'mail not sent');
        await db
          .update(outboundMail)
          .set({ claimedAt: null, error: error instanceof Error ? error.message : String(error) })
          .where(sql`${outboundMail.id} = ${mail.id}`);
      }
      claimedHere.delete(mail.id);
    }
    return claimed.length;
  }

  return {
    async send(db, message) {
      await db.insert(outboundMail).values(message);
      queued = true;
    },
    get hasQueued() {
      return queued && transport !== undefined;
    },
    deliver(db) {
      // One round at a time per instance; a round started while one runs waits for it and goes again.
      const next = (delivering ?? Promise.resolve(0)).then(() => deliverRound(db));
      delivering = next.catch(() => 0);
      return next;
    },
    async releaseClaims(db) {
      isStopping = true;
      await delivering;
      const ids = [...claimedHere];
      claimedHere.clear();
      if (ids.length === 0) return 0;
      const released = await db
        .update(outboundMail)
        .set({ claimedAt: null, attempts: sql`greatest(${outboundMail.attempts} - 1, 0)` })
        .where(and(inArray(outboundMail.id, ids), isNull(outboundMail.sentAt)))
        .returning({ id: outboundMail.id });
      return released.length;
    },
  };
}

/** A page of the mail the server sent or keeps to send, newest first. */
export async function listOutboundMail(db: Executor, { limit, offset }: { limit: number; offset: number }) {
  const rows = await db
    .select()
    .from(outboundMail)
    .orderBy(desc(outboundMail.createdAt), desc(outboundMail.id))
    .limit(limit)
    .offset(offset);
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(outboundMail);
  const items = rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    // Never the secret itself: an administrator reading a reset link could take the account over.
    text: row.redactedText ?? row.text,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    error: row.error,
  }));
  return { items, total, limit, offset };
}
