import { and, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { storedFile } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import { MiB } from '../files.ts';
import { tooManyRequests } from '../accounts/rate-limit.ts';

// Attachments of the public Order Request Form are uploaded before the form is sent, by anyone.
// So that nobody can fill the database with them: each address has a quota of bytes per hour, an
// attachment belongs to the booking that names it (once), and what no booking took within an hour
// is deleted by a scheduled clean-up.

export const ATTACHMENT_QUOTA = { bytes: 25 * MiB, seconds: 60 * 60 };
/** How long an attachment waits for its booking before the clean-up removes it. */
export const UNCLAIMED_ATTACHMENT_SECONDS = 60 * 60;

/** Refuses an upload that would take this address past its quota for the past hour. */
export async function enforceAttachmentQuota(db: Executor, address: string, incomingBytes: number) {
  const [row] = await db
    .select({ used: sql<number>`coalesce(sum(${storedFile.size}), 0)::bigint` })
    .from(storedFile)
    .where(
      sql`${storedFile.uploadedFrom} = ${address} AND ${storedFile.createdAt} > now() - make_interval(secs => ${ATTACHMENT_QUOTA.seconds})`,
    );
  if (Number(row?.used ?? 0) + incomingBytes > ATTACHMENT_QUOTA.bytes) {
    throw tooManyRequests('attachmentQuota', { mib: ATTACHMENT_QUOTA.bytes / MiB }, ATTACHMENT_QUOTA.seconds);
  }
}

/**
 * Gives the named attachments to a booking: each must be an anonymous upload no booking has taken
 * yet. Field errors name the ones that are not (unknown, cleaned up, or already another booking's).
 */
export async function claimAttachments(db: Executor, ids: readonly string[]) {
  if (!ids.length) return;
  const claimed = await db
    .update(storedFile)
    .set({ claimedAt: new Date() })
    .where(and(inArray(storedFile.id, [...ids]), isNotNull(storedFile.uploadedFrom), isNull(storedFile.claimedAt)))
    .returning({ id: storedFile.id });
  const taken = new Set(claimed.map((f) => f.id));
  const errors: Record<string, string> = {};
  ids.forEach((id, i) => {
    if (!taken.has(id)) errors[`attachmentFileIds.${i}`] = 'This attachment was not found; please upload it again.';
  });
  if (Object.keys(errors).length) throw badRequest('attachmentsMissing', {}, errors);
}

/** Deletes anonymous uploads no booking took in time; answers how many went. */
export async function removeUnclaimedAttachments(db: Executor): Promise<number> {
  const removed = await db
    .delete(storedFile)
    .where(
      and(
        isNotNull(storedFile.uploadedFrom),
        isNull(storedFile.claimedAt),
        sql`${storedFile.createdAt} < now() - make_interval(secs => ${UNCLAIMED_ATTACHMENT_SECONDS})`,
      ),
    )
    .returning({ id: storedFile.id });
  return removed.length;
}
