import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  CERTIFICATE_TOKEN_BYTES,
  certificateRevocation,
  certificateUrl,
  encodeCertificateToken,
  REISSUE_REASON_REQUIRED,
  type CertificateContent,
  type CertificateStatus,
} from '../../../shared/certificate.ts';
import { workflowActions } from '../../../shared/workflow/sample-workflow.ts';
import type { Executor } from '../../db/client.ts';
import type { Laboratory } from '../../laboratory.ts';
import { certificate, sampleEntry } from '../../db/schema.ts';
import { serverMessage } from '../../../shared/server-messages.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { withUniqueCheck } from '../../db/queries.ts';
import { appendAudit, type Actor } from '../custody/audit.ts';
import { storeFile } from '../files.ts';
import { announceChange } from '../messaging/notifications.ts';
import { assertNoQcHold } from '../measurement/nonconformities.ts';
import { renderPdf } from '../pdf-render.ts';
import type { SigningIdentity } from '../documents/pdf-signing.ts';
import { certificateContentHash, CONTENT_HASH_FIELD } from './certificate-seal.ts';
import { originModelEvidence, snapshotContent } from './certificate-content.ts';
import { fireSampleAction, lockSample, SAMPLE_ENTITY } from '../samples/sample-transitions.ts';

// Certificates of analysis. A certificate freezes what the laboratory concluded about a
// sample, carries an unguessable token, and its QR code points to the public verification page.
// Versions never change: a correction issues version n+1 and marks the one before Superseded.
// What it says: certificate-content.ts; its PDF: certificate-pdf.ts; its mail: certificate-mail.ts.

export const CERTIFICATE_ENTITY = 'certificate';
export const UNKNOWN_CERTIFICATE_MESSAGE = serverMessage('unknownCertificate');

export type Certificate = typeof certificate.$inferSelect;

export function newCertificateToken(): string {
  return encodeCertificateToken(randomBytes(CERTIFICATE_TOKEN_BYTES));
}

/**
 * The certificate in force for a sample (Valid or Revoked): its latest version. A replaced version
 * is Superseded, or stays Revoked when it was revoked before it was replaced.
 */
export async function findCurrentCertificate(db: Executor, sampleEntryId: number) {
  const [row] = await db
    .select()
    .from(certificate)
    .where(and(eq(certificate.sampleEntryId, sampleEntryId), isNull(certificate.supersededById)))
    .orderBy(desc(certificate.version))
    .limit(1);
  return row ?? null;
}

async function latestVersion(db: Executor, sampleEntryId: number) {
  const [row] = await db
    .select({ version: certificate.version })
    .from(certificate)
    .where(eq(certificate.sampleEntryId, sampleEntryId))
    .orderBy(desc(certificate.version))
    .limit(1);
  return row?.version ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Issue, re-issue, revoke, verify

export type IssuedCertificate = { id: number; token: string; version: number; url: string; fileId: string };

export async function findVersion(db: Executor, sampleEntryId: number, version: number) {
  const [row] = await db
    .select()
    .from(certificate)
    .where(and(eq(certificate.sampleEntryId, sampleEntryId), eq(certificate.version, version)));
  return row ?? null;
}

function issuedAnswer(row: Certificate, baseUrl: string): IssuedCertificate {
  return {
    id: row.id,
    token: row.token,
    version: row.version,
    url: certificateUrl(baseUrl, row.token),
    fileId: row.fileId!,
  };
}

/**
 * Issues a certificate for a sample: the first one on a ResultConfirmed sample (which becomes
 * Completed), or version n+1 on a Completed sample whose current certificate is Valid or Revoked
 * (the previous one becomes Superseded). Any other state is a 409 naming it.
 *
 * Idempotent per sample and version: the caller names the version it replaces (`supersedes`, none
 * for the first), so the certificate it asks for is version supersedes+1. When that version already
 * exists (a double click, a retry after a lost answer, two supervisors at once) the answer is that
 * certificate and nothing is written; a re-issue therefore needs the version it replaces, and one
 * naming an older version than the latest is a 409.
 */
export async function issueCertificate(
  db: Executor,
  {
    id,
    by,
    baseUrl,
    supersedes = 0,
    reason,
    laboratory,
    timeZone,
    signatoryRole,
    signing,
  }: {
    id: number;
    by: Actor;
    baseUrl: string;
    supersedes?: number;
    reason?: string;
    /** Who issues it (laboratory.ts): the name and address the certificate prints. */
    laboratory: Pick<Laboratory, 'name' | 'address'>;
    /** The laboratory's time zone (LAB_TIME_ZONE): the days the certificate prints. */
    timeZone: string;
    /** The signatory's role: their function, printed under their name. */
    signatoryRole: string;
    /** The laboratory's key and certificate the PDF is signed with (certificate-signing.ts). */
    signing: SigningIdentity;
  },
): Promise<IssuedCertificate> {
  const evidence = await originModelEvidence(db, id);
  return db.transaction(async (tx) => {
    const sample = await lockSample(tx, id);
    const version = supersedes + 1;
    // The sample's lock orders racing requests: the later ones find the version the first wrote.
    const already = await findVersion(tx, sample.id, version);
    if (already) return issuedAnswer(already, baseUrl);
    const latest = await latestVersion(tx, sample.id);
    if (latest !== supersedes) {
      throw conflict('certificateVersionMoved', { idflNumber: sample.idflNumber, version: latest }, sample);
    }
    const current = sample.status === 'Completed' ? await findCurrentCertificate(tx, sample.id) : null;
    if (sample.status === 'Completed' && !current) {
      throw conflict('completedWithoutCertificate', { idflNumber: sample.idflNumber }, sample);
    }
    // An amendment is identified with its reason (ISO/IEC 17025 §7.8.8): no reason, no new version.
    if (current && !reason) throw badRequest('reissueReasonRequired', {}, { reason: REISSUE_REASON_REQUIRED });
    /** Draws, signs and stores the version; runs once the version is judged allowed. */
    const writeVersion = async () => {
      // A result put in doubt by a rejected run is not certified (nor re-certified) until released.
      await assertNoQcHold(tx, sample);
      const issuedAt = new Date();
      const content = await snapshotContent(tx, sample, {
        version,
        issuedAt,
        signatory: by.displayName,
        signatoryRole,
        laboratory,
        evidence,
        amendmentReason: current ? reason! : null,
        timeZone,
      });
      const token = newCertificateToken();
      const url = certificateUrl(baseUrl, token);
      const file = await storeFile(tx, {
        file: {
          name: `certificate-${sample.idflNumber}-v${version}.pdf`,
          mimeType: 'application/pdf',
          // Drawn and signed in a worker thread (pdf-render.ts), within its time budget.
          data: Buffer.from(await renderPdf({ kind: 'certificate', content, verifyUrl: url, timeZone, signing })),
          kind: 'pdf',
        },
        uploadedBy: by.id,
      });
      const [issued] = await withUniqueCheck(
        () =>
          tx
            .insert(certificate)
            .values({
              sampleEntryId: sample.id,
              token,
              version,
              status: 'Valid',
              content: content as unknown as Record<string, unknown>,
              fileId: file.id,
              issuedAt,
              issuedBy: by.id,
            })
            .returning(),
        // Only reachable if the sample's lock were bypassed: the index still keeps one certificate per version.
        () => conflict('certificateVersionMoved', { idflNumber: sample.idflNumber, version }),
      );
      return { issued: issued!, file, token, url };
    };
    // A first version completes the sample: the action kernel judges it on the locked row before the
    // PDF is drawn (the 409 names the state: 'Sample IDFL-2026-00001 is Result returned; …').
    let written: Awaited<ReturnType<typeof writeVersion>> | undefined;
    if (!current) {
      await fireSampleAction(tx, sample, {
        action: 'issueCertificate',
        by,
        changes: async () => {
          written = await writeVersion();
          return {};
        },
        reason: () => `Certificate ${written!.issued.id} issued`,
      });
    } else written = await writeVersion();
    const { issued, file, token, url } = written!;
    if (current) {
      // A revoked version stays revoked when it is replaced: its public check must not turn into
      // "Superseded", which would hide that the laboratory withdrew it.
      const replacedStatus = current.status === 'Revoked' ? 'Revoked' : 'Superseded';
      await tx
        .update(certificate)
        .set({ status: replacedStatus, supersededById: issued.id })
        .where(eq(certificate.id, current.id));
      await appendAudit(tx, {
        entityType: CERTIFICATE_ENTITY,
        entityId: current.id,
        action: 'supersedeCertificate',
        fromStatus: current.status,
        toStatus: replacedStatus,
        changes: { supersededById: { from: null, to: issued.id } },
        reason,
        actor: by,
      });
      await appendAudit(tx, {
        entityType: SAMPLE_ENTITY,
        entityId: sample.id,
        action: 'reissueCertificate',
        changes: { certificateVersion: { from: current.version, to: version } },
        reason: `Certificate version ${version} replaces version ${current.version}: ${reason}`,
        actor: by,
      });
    }
    await appendAudit(tx, {
      entityType: CERTIFICATE_ENTITY,
      entityId: issued.id,
      action: 'issueCertificate',
      toStatus: 'Valid',
      changes: {
        version: { from: null, to: version },
        fileId: { from: null, to: file.id },
        // The row as stored, sealed: the public check recomputes this (certificate-seal.ts).
        [CONTENT_HASH_FIELD]: { from: null, to: certificateContentHash(issued!) },
      },
      actor: by,
    });
    // A re-issued version is news as the first one was (the action's audience, without its transition).
    await announceChange(tx, workflowActions.issueCertificate, {
      params: { idflNumber: sample.idflNumber, version },
      title: 'Certificate issued',
      message: `Certificate version ${version} of sample ${sample.idflNumber} was issued.`,
      link: `/clients/${sample.id}`,
    });
    return { id: issued.id, token, version, url, fileId: file.id };
  });
}

/** Revokes the sample's valid certificate; the public page then says so, with the date and reason. */
export async function revokeCertificate(db: Executor, { id, reason, by }: { id: number; reason: string; by: Actor }) {
  return db.transaction(async (tx) => {
    const sample = await lockSample(tx, id);
    const current = await findCurrentCertificate(tx, sample.id);
    if (!current || current.status !== 'Valid') {
      throw current
        ? conflict('certificateNotValid', { idflNumber: sample.idflNumber, status: current.status }, current)
        : conflict('noCertificateToRevoke', { idflNumber: sample.idflNumber });
    }
    const revokedAt = new Date();
    const [revoked] = await tx
      .update(certificate)
      .set({ status: 'Revoked', revokedAt, revokedBy: by.id, revokeReason: reason })
      .where(eq(certificate.id, current.id))
      .returning();
    await appendAudit(tx, {
      entityType: CERTIFICATE_ENTITY,
      entityId: current.id,
      action: 'revokeCertificate',
      fromStatus: 'Valid',
      toStatus: 'Revoked',
      reason,
      actor: by,
    });
    await appendAudit(tx, {
      entityType: SAMPLE_ENTITY,
      entityId: sample.id,
      action: 'revokeCertificate',
      changes: { certificateStatus: { from: 'Valid', to: 'Revoked' } },
      reason: `Certificate version ${current.version} revoked: ${reason}`,
      actor: by,
    });
    await announceChange(tx, certificateRevocation, {
      params: { idflNumber: sample.idflNumber, version: current.version, reason },
      title: 'Certificate revoked',
      message: `Certificate version ${current.version} of sample ${sample.idflNumber} was revoked: ${reason}`,
      link: `/clients/${sample.id}`,
    });
    return describeCertificate(revoked!);
  });
}

/** A certificate as staff see it in lists. */
export function describeCertificate(row: Certificate) {
  return {
    id: row.id,
    sampleEntryId: row.sampleEntryId,
    token: row.token,
    version: row.version,
    status: row.status as CertificateStatus,
    fileId: row.fileId,
    issuedAt: row.issuedAt.toISOString(),
    issuedBy: row.issuedBy,
    signatory: (row.content as { signatory?: string }).signatory ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokeReason: row.revokeReason,
    supersededById: row.supersededById,
    amendmentReason: (row.content as Partial<CertificateContent>).amendmentReason ?? null,
  };
}

export async function listSampleCertificates(db: Executor, sampleEntryId: number) {
  const [sample] = await db.select({ id: sampleEntry.id }).from(sampleEntry).where(eq(sampleEntry.id, sampleEntryId));
  if (!sample) throw notFound('sampleNotFound');
  const rows = await db
    .select()
    .from(certificate)
    .where(eq(certificate.sampleEntryId, sampleEntryId))
    .orderBy(desc(certificate.version));
  return rows.map(describeCertificate);
}
