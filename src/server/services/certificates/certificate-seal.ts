import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditRecord, type certificate } from '../../db/schema.ts';
import { canonicalJson, storedJson } from '../custody/audit-hash.ts';
import { verifyEntityRecords } from '../custody/audit-verification.ts';

// A certificate's content is sealed into the chain of custody when it is issued: the hash of what
// its row holds (everything the certificate prints, its version, token, file and date) goes into
// the audit record, which the chain key protects. The public check recomputes it, so a row
// edited in the database afterwards reads as Tampered rather than as a valid certificate.

export const CONTENT_HASH_FIELD = 'contentHash';

type CertificateRow = typeof certificate.$inferSelect;

/** The hash of a certificate row's sealed fields, taken over them as the database returns them. */
export function certificateContentHash(row: CertificateRow): string {
  const sealed = storedJson({
    content: row.content,
    version: row.version,
    sampleEntryId: row.sampleEntryId,
    token: row.token,
    fileId: row.fileId,
    issuedAt: row.issuedAt.toISOString(),
  });
  return createHash('sha256').update(canonicalJson(sealed)).digest('hex');
}

/**
 * Whether a certificate row still says what its audit records sealed: its records hold in the chain,
 * its issue record carries its content hash (certificates issued before sealing carry none, and are
 * judged by their records alone), and its status (and a revocation's reason) is the one its last
 * records gave it.
 */
export async function isCertificateIntact(db: Executor, row: CertificateRow): Promise<boolean> {
  if (await verifyEntityRecords(db, 'certificate', row.id)) return false;
  const records = await db
    .select()
    .from(auditRecord)
    .where(and(eq(auditRecord.entityType, 'certificate'), eq(auditRecord.entityId, String(row.id))))
    .orderBy(asc(auditRecord.id));
  const issued = records.find((record) => record.action === 'issueCertificate');
  if (!issued) return false;
  const sealed = issued.changes[CONTENT_HASH_FIELD]?.to;
  if (sealed === undefined) {
    // Only a record written before keying may lack the hash; a keyed one without it was not ours.
    if (issued.hashVersion !== 1) return false;
  } else if (sealed !== certificateContentHash(row)) return false;
  const statusChanges = records.filter((record) => record.toStatus !== null);
  const last = statusChanges.at(-1);
  if (!last || last.toStatus !== row.status) return false;
  // A revoked version that was later replaced keeps "Revoked" (its replacement record says so); the
  // reason to compare is the revocation's own, not the amendment's.
  const revocation = records.filter((record) => record.action === 'revokeCertificate').at(-1);
  if (row.status === 'Revoked' && revocation?.reason !== row.revokeReason) return false;
  return true;
}
