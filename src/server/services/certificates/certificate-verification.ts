import { eq } from 'drizzle-orm';
import {
  describeClient,
  isCertificateToken,
  type CertificateContent,
  type CertificateStatus,
  type CertificateVerification,
} from '../../../shared/certificate.ts';
import type { Executor } from '../../db/client.ts';
import { certificate } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { isCertificateIntact } from './certificate-seal.ts';
import { findCurrentCertificate } from './certificates.ts';

// The public check of a certificate by its token: what the certificate holds and whether it still
// stands (valid, replaced, revoked, or altered since it was sealed).

export async function findByToken(db: Executor, token: string) {
  if (!isCertificateToken(token)) throw notFound('unknownCertificate');
  const [row] = await db.select().from(certificate).where(eq(certificate.token, token));
  if (!row) throw notFound('unknownCertificate');
  return row;
}

/** The public answer: only what the certificate itself holds, plus its standing. */
export async function verifyCertificate(db: Executor, token: string): Promise<CertificateVerification> {
  const row = await findByToken(db, token);
  const content = row.content as unknown as CertificateContent;
  // A replaced version names the one in force now, so whoever holds the old one knows what to ask for.
  const [successor, current] = row.supersededById
    ? await Promise.all([
        db.select().from(certificate).where(eq(certificate.id, row.supersededById)),
        findCurrentCertificate(db, row.sampleEntryId),
      ])
    : [[], null];
  const next = successor[0];
  const intact = await isCertificateIntact(db, row);
  return {
    status: intact ? (row.status as CertificateStatus) : 'Tampered',
    version: row.version,
    issuedAt: row.issuedAt.toISOString(),
    idflNumber: content.idflNumber,
    sampleType: content.sampleType,
    client: describeClient(content),
    results: content.results,
    conclusion: content.conclusion,
    predictedOrigin: content.predictedOrigin,
    signatory: content.signatory,
    signatoryRole: content.signatoryRole ?? null,
    // The issuing laboratory as the certificate itself names it (older ones hold no address).
    laboratory: [content.laboratoryName, content.laboratoryAddress].filter(Boolean).join(', '),
    origin: content.origin ?? null,
    originReason: content.originReason ?? null,
    ...(intact && row.status === 'Revoked'
      ? { revokedAt: row.revokedAt?.toISOString() ?? null, revokeReason: row.revokeReason }
      : {}),
    supersededByVersion: next?.version ?? null,
    amendmentReason: (next?.content as CertificateContent | undefined)?.amendmentReason ?? null,
    currentVersion:
      current && current.id !== row.id
        ? {
            version: current.version,
            status: current.status as CertificateStatus,
            issuedAt: current.issuedAt.toISOString(),
          }
        : null,
  };
}
