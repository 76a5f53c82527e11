import { desc, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { auditAnchor, auditRecord } from '../../db/schema.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../messaging/outbound-mail.ts';
import { dayInTimeZone, describeTimeZone, formatInTimeZone } from '../../../shared/display-date.ts';
import { anchorSeal, verifyAuditChain, type ChainVerdict } from './audit-verification.ts';

// Once a day the chain's head (its last record's id and hash, and how many records there are) is
// published where the database cannot reach: the operations log and, when AUDIT_ANCHOR_EMAIL is set,
// a mail. A copy is kept in audit_anchor (sealed, append-only) so that verification can tell when
// the chain's tail was cut; the outside copies tell it even of someone who removed those rows too.

export type AnchorDeps = {
  mailer: Mailer;
  logger: Logger;
  /** The laboratory's time zone (LAB_TIME_ZONE): one anchor a day of the laboratory's, named by that day. */
  labTimeZone: string;
  anchorEmail?: string;
  now?: Date;
};

/** The anchor mail, in both languages of the laboratory (it goes to its operators, not to one reader). */
function anchorMail(anchor: typeof auditAnchor.$inferSelect, labTimeZone: string) {
  const date = dayInTimeZone(anchor.at, labTimeZone);
  const at = `${formatInTimeZone(anchor.at.toISOString(), 'en', labTimeZone)} (${describeTimeZone(labTimeZone, anchor.at)})`;
  const atVi = `${formatInTimeZone(anchor.at.toISOString(), 'vi', labTimeZone)} (${describeTimeZone(labTimeZone, anchor.at)})`;
  const verdictEn = anchor.valid ? 'intact' : 'BROKEN — check GET /api/audit/verify';
  const verdictVi = anchor.valid ? 'nguyên vẹn' : 'BỊ PHÁ VỠ — hãy kiểm tra GET /api/audit/verify';
  return {
    subject: `Chain of custody anchor ${date} / Mốc neo chuỗi kiểm toán ${date}`,
    text: [
      `The chain of custody's head on ${at}:`,
      `  last record: ${anchor.recordId}`,
      `  records: ${anchor.recordCount}`,
      `  head hash: ${anchor.headHash}`,
      `  full check: ${verdictEn}`,
      'Keep this mail: a chain whose record no longer carries this hash, or that ends before this record, was cut or rewritten.',
      '',
      `Đầu chuỗi kiểm toán lúc ${atVi}:`,
      `  ghi nhận cuối: ${anchor.recordId}`,
      `  số ghi nhận: ${anchor.recordCount}`,
      `  mã băm đầu chuỗi: ${anchor.headHash}`,
      `  kiểm tra toàn bộ: ${verdictVi}`,
      'Hãy giữ thư này: nếu ghi nhận này không còn mang mã băm trên, hoặc chuỗi kết thúc trước ghi nhận này, thì chuỗi đã bị cắt hoặc bị viết lại.',
    ].join('\n'),
  };
}

/**
 * Takes today's anchor unless one was taken today (the laboratory's day) already: safe to call every hour and from
 * several instances, which is how the server calls it. The full check it runs also renews the
 * verdict custody documents read. Returns the anchor taken, if any.
 */
export async function anchorAuditChainIfDue(
  db: Db,
  { mailer, logger, labTimeZone, anchorEmail, now = new Date() }: AnchorDeps,
): Promise<{ anchor: typeof auditAnchor.$inferSelect; verdict: ChainVerdict } | undefined> {
  const isDue = async (executor: Executor) => {
    const [latest] = await executor
      .select({ at: auditAnchor.at })
      .from(auditAnchor)
      .orderBy(desc(auditAnchor.id))
      .limit(1);
    return !latest || dayInTimeZone(latest.at, labTimeZone) < dayInTimeZone(now, labTimeZone);
  };
  if (!(await isDue(db))) return undefined;
  const verdict = await verifyAuditChain(db);
  return db.transaction(async (tx) => {
    // One anchor a day however many instances ask at once.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727004)`);
    if (!(await isDue(tx))) return undefined;
    const [last] = await tx
      .select({ id: auditRecord.id, hash: auditRecord.hash })
      .from(auditRecord)
      .orderBy(desc(auditRecord.id))
      .limit(1);
    if (!last) return undefined;
    const [counted] = await tx.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(auditRecord);
    const fields = {
      at: now,
      recordId: last.id,
      recordCount: counted!.count,
      headHash: last.hash,
      valid: verdict.valid,
    };
    const [anchor] = await tx
      .insert(auditAnchor)
      .values({ ...fields, mailedTo: anchorEmail ?? null, seal: anchorSeal(fields) })
      .returning();
    if (anchorEmail) await mailer.send(tx, { to: anchorEmail, ...anchorMail(anchor!, labTimeZone) });
    const published = { recordId: anchor!.recordId, recordCount: anchor!.recordCount, headHash: anchor!.headHash };
    if (verdict.valid) logger.info({ auditAnchor: published }, 'chain of custody anchored');
    else logger.error({ auditAnchor: published, verdict }, 'chain of custody anchored while broken');
    return { anchor: anchor!, verdict };
  });
}
