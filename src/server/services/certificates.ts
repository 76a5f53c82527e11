import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import {
  CERTIFICATE_TOKEN_BYTES,
  certificateUrl,
  describeClient,
  encodeCertificateToken,
  isCertificateToken,
  LABORATORY_NAME,
  ORIGIN_MODEL_NAME,
  type CertificateContent,
  type CertificateOrigin,
  type CertificateStatus,
  type CertificateVerification,
} from '../../shared/certificate.ts';
import { analysisThresholds, type OriginAnalysis } from '../../shared/origin-model/analysis.ts';
import type { Executor } from '../db/client.ts';
import { ATYPICAL_PREDICTION, type AnalysisRow } from './origin-analysis.ts';
import { modelFor, modelReportFor } from './origin-models.ts';
import { analysis, booking, certificate, sampleEntry, thirdLabEntry } from '../db/schema.ts';
import { serverMessage } from '../../shared/server-messages.ts';
import { conflict, notFound } from '../errors.ts';
import { withUniqueCheck } from '../db/queries.ts';
import { appendAudit, type Actor } from './audit.ts';
import type { Mailer } from './mail.ts';
import { loadFile, storeFile } from './files.ts';
import { notifyPermission } from './notifications.ts';
import { renderCertificatePdf } from './certificate-pdf.ts';
import {
  completeSampleWithCertificate,
  judgeTransition,
  lockSample,
  SAMPLE_ENTITY,
  type SampleEntry,
} from './sample-transitions.ts';

// Certificates of analysis (issue 6). A certificate freezes what the laboratory concluded about a
// sample, carries an unguessable token, and its QR code points to the public verification page.
// Versions never change: a correction issues version n+1 and marks the one before Superseded.

export const CERTIFICATE_ENTITY = 'certificate';
export const UNKNOWN_CERTIFICATE_MESSAGE = serverMessage('unknownCertificate');

export type Certificate = typeof certificate.$inferSelect;

export function newCertificateToken(): string {
  return encodeCertificateToken(randomBytes(CERTIFICATE_TOKEN_BYTES));
}

/** The certificate in force for a sample (Valid or Revoked), i.e. the latest one not superseded. */
async function findCurrentCertificate(db: Executor, sampleEntryId: number) {
  const [row] = await db
    .select()
    .from(certificate)
    .where(and(eq(certificate.sampleEntryId, sampleEntryId), ne(certificate.status, 'Superseded')))
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

/** The saved analysis' verdict with its evidence: the reference set, the model's validation and the decision rules. */
async function originEvidence(db: Executor, row: AnalysisRow): Promise<CertificateOrigin> {
  const result = row.result as OriginAnalysis;
  const summary = describeSavedAnalysis(row);
  const material = row.material ?? '';
  // The model and its report are those of the reference set as it is now; the analysis names the
  // version it ran on, which the certificate prints as the model's version.
  const fitted = await modelFor(db, material).catch(() => null);
  const report = fitted ? await modelReportFor(db, material).catch(() => null) : null;
  return {
    analysisId: row.id,
    analysisDate: row.analysisDate.toISOString(),
    modelName: ORIGIN_MODEL_NAME,
    modelVersion: row.referenceVersion ?? fitted?.version ?? '—',
    referenceSet: {
      material,
      recordCount: fitted?.model.referenceCount ?? 0,
      regionCount: fitted?.model.regions.length ?? 0,
      version: row.referenceVersion ?? fitted?.version ?? '—',
    },
    validation: report
      ? {
          method: report.validation.method,
          sampleCount: report.validation.sampleCount,
          accuracy: report.validation.accuracy,
          logLoss: report.validation.logLoss,
        }
      : null,
    prediction: result.predictedOrigin,
    isAtypical: result.isAtypical,
    leadingRegions: summary.leadingRegions,
    claimed: summary.claimed,
    xinjiang: summary.xinjiang,
    thresholds: {
      consistentProbability: analysisThresholds.consistentProbability,
      inconsistentProbability: analysisThresholds.inconsistentProbability,
      atypicalPValue: analysisThresholds.atypicalPValue,
      typicalPValue: analysisThresholds.typicalPValue,
    },
  };
}

const day = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

/** What the certificate will say, read from the sample, its booking, the third lab's result and the saved analysis. */
async function snapshotContent(
  db: Executor,
  sample: SampleEntry,
  {
    version,
    issuedAt,
    signatory,
    laboratoryAddress,
  }: { version: number; issuedAt: Date; signatory: string; laboratoryAddress: string },
): Promise<CertificateContent> {
  const [client] = sample.bookingId
    ? await db
        .select({
          person: booking.applicantContactPerson,
          company: booking.applicantCompany,
          address: booking.address,
          city: booking.cityStateCountry,
        })
        .from(booking)
        .where(eq(booking.id, sample.bookingId))
    : [];
  const [result] = await db
    .select({
      carbon: thirdLabEntry.carbon,
      hydrogen: thirdLabEntry.hydrogen,
      oxygen: thirdLabEntry.oxygen,
      labName: thirdLabEntry.labName,
      returned: thirdLabEntry.resultReturnedDate,
    })
    .from(thirdLabEntry)
    .where(eq(thirdLabEntry.sampleEntryId, sample.id))
    .orderBy(desc(thirdLabEntry.id))
    .limit(1);
  const saved = await latestSavedAnalysis(db, sample.id);
  const description = [sample.sampleCode, sample.sampleInformation].filter((part) => part?.trim()).join(', ');
  return {
    laboratoryName: LABORATORY_NAME,
    // A sample entered by hand (no booking) names its client in fromClientInfo.
    client: client?.person ?? sample.fromClientInfo ?? null,
    company: client?.company ?? null,
    sampleType: sample.sampleType,
    idflNumber: sample.idflNumber,
    sampleCode: sample.sampleCode,
    results: { carbon: result?.carbon ?? null, hydrogen: result?.hydrogen ?? null, oxygen: result?.oxygen ?? null },
    conclusion: sample.conclusion,
    predictedOrigin: sample.predictedOrigin,
    issuedAt: issuedAt.toISOString(),
    signatory,
    version,
    laboratoryAddress,
    supersedesVersion: version > 1 ? version - 1 : null,
    clientAddress: client ? [client.address, client.city].filter((part) => part?.trim()).join(', ') : null,
    itemDescription: description || null,
    receivedDate: day(sample.receivedDate),
    measuredDate: day(result?.returned),
    externalLaboratory: result?.labName ?? null,
    origin: saved?.result ? await originEvidence(db, saved) : null,
    originReason: sample.originReason,
  };
}

/**
 * The latest origin analysis saved to the sample ("save to sample entry"): its verdict is the
 * certificate's origin statement. Null when none was saved.
 */
export async function latestSavedAnalysis(db: Executor, sampleEntryId: number) {
  const [row] = await db
    .select()
    .from(analysis)
    .where(
      and(eq(analysis.sampleEntryId, sampleEntryId), inArray(analysis.status, ['SavedToSampleEntry', 'Transferred'])),
    )
    .orderBy(desc(analysis.id))
    .limit(1);
  return row ?? null;
}

/** The verdict of the origin analysis saved to a sample, as the supervisor's screen and the certificate state it. */
export type SavedOriginAnalysis = {
  id: number;
  material: string | null;
  referenceVersion: string | null;
  analysisDate: string;
  /** The predicted region, or 'Atypical' when no region fits. */
  prediction: string;
  isAtypical: boolean;
  leadingRegions: { region: string; probability: number }[];
  claimed: { region: string; verdict: string; probability: number | null; isKnownRegion: boolean } | null;
  xinjiang: { region: string; verdict: string; probability: number | null; isKnownRegion: boolean };
};

const consistencyOf = (c: OriginAnalysis['consistency']['xinjiang']) => ({
  region: c.region,
  verdict: c.verdict,
  probability: c.probability,
  isKnownRegion: c.isKnownRegion,
});

export function describeSavedAnalysis(row: NonNullable<Awaited<ReturnType<typeof latestSavedAnalysis>>>) {
  const result = row.result as OriginAnalysis;
  return {
    id: row.id,
    material: row.material,
    referenceVersion: row.referenceVersion,
    analysisDate: row.analysisDate.toISOString(),
    prediction: row.prediction ?? ATYPICAL_PREDICTION,
    isAtypical: result.isAtypical,
    leadingRegions: result.regionalProbability
      .slice(0, 3)
      .map((r) => ({ region: r.region, probability: r.probability })),
    claimed: result.consistency.claimed ? consistencyOf(result.consistency.claimed) : null,
    xinjiang: consistencyOf(result.consistency.xinjiang),
  } satisfies SavedOriginAnalysis;
}

export async function findSavedOriginAnalysis(db: Executor, sampleEntryId: number) {
  const [sample] = await db.select({ id: sampleEntry.id }).from(sampleEntry).where(eq(sampleEntry.id, sampleEntryId));
  if (!sample) throw notFound('sampleNotFound');
  const row = await latestSavedAnalysis(db, sampleEntryId);
  return row ? describeSavedAnalysis(row) : null;
}

// ---------------------------------------------------------------------------------------------
// Issue, re-issue, revoke, verify

export type IssuedCertificate = { id: number; token: string; version: number; url: string; fileId: string };

async function findVersion(db: Executor, sampleEntryId: number, version: number) {
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
    laboratoryAddress,
  }: { id: number; by: Actor; baseUrl: string; supersedes?: number; laboratoryAddress: string },
): Promise<IssuedCertificate> {
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
    // Names the state in the 409: 'Sample IDFL-2026-00001 is ResultReturned; this action needs ResultConfirmed.'
    if (!current) judgeTransition('issueCertificate', sample);
    const issuedAt = new Date();
    const content = await snapshotContent(tx, sample, {
      version,
      issuedAt,
      signatory: by.displayName,
      laboratoryAddress,
    });
    const token = newCertificateToken();
    const url = certificateUrl(baseUrl, token);
    const file = await storeFile(
      tx,
      {
        name: `certificate-${sample.idflNumber}-v${version}.pdf`,
        mimeType: 'application/pdf',
        data: Buffer.from(await renderCertificatePdf(content, url)),
        kind: 'pdf',
      },
      by.id,
    );
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
    if (current) {
      await tx
        .update(certificate)
        .set({ status: 'Superseded', supersededById: issued!.id })
        .where(eq(certificate.id, current.id));
      await appendAudit(tx, {
        entityType: CERTIFICATE_ENTITY,
        entityId: current.id,
        action: 'supersedeCertificate',
        fromStatus: current.status,
        toStatus: 'Superseded',
        changes: { supersededById: { from: null, to: issued!.id } },
        actor: by,
      });
      await appendAudit(tx, {
        entityType: SAMPLE_ENTITY,
        entityId: sample.id,
        action: 'reissueCertificate',
        changes: { certificateVersion: { from: current.version, to: version } },
        reason: `Certificate version ${version} replaces version ${current.version}`,
        actor: by,
      });
    } else {
      await completeSampleWithCertificate(tx, { id: sample.id, by, certificateId: issued!.id });
    }
    await appendAudit(tx, {
      entityType: CERTIFICATE_ENTITY,
      entityId: issued!.id,
      action: 'issueCertificate',
      toStatus: 'Valid',
      changes: { version: { from: null, to: version }, fileId: { from: null, to: file.id } },
      actor: by,
    });
    // The client-side lab hands the certificate to the client.
    await notifyPermission(tx, {
      permission: 'CanViewDetailSampleEntryCs',
      kind: 'certificateIssued',
      params: { idflNumber: sample.idflNumber, version },
      title: 'Certificate issued',
      message: `Certificate version ${version} of sample ${sample.idflNumber} was issued.`,
      link: `/clients/${sample.id}`,
    });
    return { id: issued!.id, token, version, url, fileId: file.id };
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
    return describeCertificate(revoked!);
  });
}

async function findByToken(db: Executor, token: string) {
  if (!isCertificateToken(token)) throw notFound('unknownCertificate');
  const [row] = await db.select().from(certificate).where(eq(certificate.token, token));
  if (!row) throw notFound('unknownCertificate');
  return row;
}

/** The public answer: only what the certificate itself holds, plus its standing. */
export async function verifyCertificate(db: Executor, token: string): Promise<CertificateVerification> {
  const row = await findByToken(db, token);
  const content = row.content as unknown as CertificateContent;
  return {
    status: row.status as CertificateStatus,
    version: row.version,
    issuedAt: row.issuedAt.toISOString(),
    idflNumber: content.idflNumber,
    sampleType: content.sampleType,
    client: describeClient(content),
    results: content.results,
    conclusion: content.conclusion,
    predictedOrigin: content.predictedOrigin,
    signatory: content.signatory,
    origin: content.origin ?? null,
    originReason: content.originReason ?? null,
    ...(row.status === 'Revoked'
      ? { revokedAt: row.revokedAt?.toISOString() ?? null, revokeReason: row.revokeReason }
      : {}),
  };
}

export async function loadCertificateFile(db: Executor, token: string) {
  const row = await findByToken(db, token);
  if (!row.fileId) throw notFound('certificateHasNoPdf');
  return loadFile(db, row.fileId);
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
  };
}

/**
 * Sends a certificate to the client's report address (the booking's "e-mail the report to", else its
 * e-mail) with the verification address, through the outbound mail like every other mail: recorded
 * in this transaction with its audit record, delivered over SMTP once the request has committed.
 */
export async function sendCertificate(
  db: Executor,
  mailer: Mailer,
  { id, version, by, baseUrl }: { id: number; version: number; by: Actor; baseUrl: string },
) {
  return db.transaction(async (tx) => {
    const sample = await lockSample(tx, id);
    const row = await findVersion(tx, sample.id, version);
    if (!row) throw notFound('unknownCertificate');
    const [client] = sample.bookingId
      ? await tx
          .select({
            person: booking.applicantContactPerson,
            email: booking.email,
            reportTo: booking.emailReportToEmail,
          })
          .from(booking)
          .where(eq(booking.id, sample.bookingId))
      : [];
    const to = client?.reportTo?.trim() || client?.email?.trim();
    if (!to) throw conflict('noReportAddress', { idflNumber: sample.idflNumber });
    const url = certificateUrl(baseUrl, row.token);
    const standing =
      row.status === 'Valid'
        ? 'It is valid.'
        : row.status === 'Revoked'
          ? `It has been revoked${row.revokeReason ? `: ${row.revokeReason}` : ''}.`
          : 'It has been superseded by a newer version.';
    await mailer.send(tx, {
      to,
      subject: `Certificate of analysis ${sample.idflNumber}, version ${row.version}`,
      text: [
        `Dear ${client?.person ?? 'client'},`,
        '',
        `The certificate of analysis of sample ${sample.idflNumber} (version ${row.version}) was issued on ${row.issuedAt.toISOString().slice(0, 10)}. ${standing}`,
        '',
        'Anyone can check it, and read what it certifies, at its verification address (also in its QR code):',
        url,
        '',
        `${LABORATORY_NAME}`,
      ].join('\n'),
    });
    await appendAudit(tx, {
      entityType: CERTIFICATE_ENTITY,
      entityId: row.id,
      action: 'sendCertificate',
      changes: { sentTo: { from: null, to } },
      actor: by,
    });
    return { ...describeCertificate(row), sentTo: to };
  });
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
