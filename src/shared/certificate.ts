import { z } from 'zod';
import type { IsotopeScale, MeasuredElement } from './measurement/measurement.ts';
import type { Notice } from './workflow/sample-workflow.ts';
import { formatFixed } from './measurement/quantities.ts';
import { visibleText } from './visible-text.ts';

// Certificates of analysis anyone can verify. Pure: the server builds and checks
// certificates with it, and the app reads a scanned certificate QR with the same rules.

/**
 * The product's name, on the public verification page's header. The laboratory a certificate names is
 * the issuing laboratory's own setting (LAB_NAME), kept in the certificate.
 */
export const PRODUCT_NAME = 'Isotope Lab';

export const certificateStatuses = ['Valid', 'Revoked', 'Superseded'] as const;
export type CertificateStatus = (typeof certificateStatuses)[number];

/**
 * What the public check says of a certificate: its standing, or Tampered when its stored row no
 * longer matches what the chain of custody sealed when it was issued (then nothing it says counts).
 */
export const verificationStatuses = [...certificateStatuses, 'Tampered'] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];

/** Random bytes behind a token: 256 bits, far past guessing (the floor is 128). */
export const CERTIFICATE_TOKEN_BYTES = 32;

/** base64url without padding; 32 bytes give 43 characters. 22 characters (128 bits) is the shortest we accept. */
const CERTIFICATE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,128}$/;

export function isCertificateToken(value: string): boolean {
  return CERTIFICATE_TOKEN_PATTERN.test(value);
}

/** Encodes random bytes as a token; the caller supplies the bytes so server and tests share one rule. */
export function encodeCertificateToken(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function certificatePath(token: string): string {
  return `/certificate/${token}`;
}

/** The address printed in the certificate's QR code: the public verification page. */
export function certificateUrl(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${certificatePath(token)}`;
}

/** The token at the end of a verification address (`.../certificate/<token>`), or null. */
export function tokenFromCertificateUrl(text: string): string | null {
  const match = /\/certificate\/([A-Za-z0-9_-]+)\/?(?:[?#].*)?$/.exec(text.trim());
  return match && isCertificateToken(match[1]!) ? match[1]! : null;
}

type IsotopeResults = {
  carbon: number | null;
  hydrogen: number | null;
  oxygen: number | null;
  /** Each value's expanded uncertainty (± ‰) as the third lab reported it; absent on certificates issued before it was kept. */
  carbonUncertainty?: number | null;
  hydrogenUncertainty?: number | null;
  oxygenUncertainty?: number | null;
  /** δ15N (AIR) and δ34S (VCDT) when the third lab measured them; absent on certificates issued before they were kept. */
  nitrogen?: number | null;
  sulfur?: number | null;
  nitrogenUncertainty?: number | null;
  sulfurUncertainty?: number | null;
};

/** The product's origin model, named on the certificate's method line (ISO/IEC 17025 §7.8.2.1). */
export const ORIGIN_MODEL_NAME = 'Isotope Lab origin model';

/** A verdict on a claim or on Xinjiang; the optional fields are absent on certificates issued before they were kept. */
export type OriginConsistency = {
  region: string;
  verdict: string;
  probability: number | null;
  /** False when the reference set has no (or too few) records of it: the certificate gives no verdict. */
  isKnownRegion: boolean;
  /** The claim as the client made it ("Vietnam"). */
  claim?: string;
  /** The regions it was judged on (a country's claim covers all of the country's). */
  regions?: string[];
  /** Reference records of it (0: none; more: too few, its region left out of the model). */
  referenceCount?: number;
};

/** The verdict of the origin analysis saved to the sample, with its evidence and decision rules. */
export type CertificateOrigin = {
  analysisId: number;
  analysisDate: string;
  modelName: string;
  /** The model is fitted per version of the reference set: its version is that set's. */
  modelVersion: string;
  referenceSet: { material: string; recordCount: number; regionCount: number; version: string };
  /** Cross-validated on the reference set (the model report); null when the report was not available. */
  validation: { method: string; sampleCount: number; accuracy: number; logLoss: number } | null;
  prediction: string | null;
  isAtypical: boolean;
  leadingRegions: { region: string; probability: number }[];
  claimed: OriginConsistency | null;
  xinjiang: OriginConsistency;
  /**
   * The likelihood ratio of the claimed origin against the other regions (posterior odds over the
   * uniform prior odds) and the Cllr of that region's claims in the model report, which says whether
   * it may be quoted. Absent when no origin was claimed or the claim's region has too few records.
   */
  likelihoodRatio?: { value: number; cllr: number | null } | null;
  thresholds: {
    consistentProbability: number;
    inconsistentProbability: number;
    atypicalPValue: number;
    typicalPValue: number;
  };
};

/**
 * The values the laboratory measured in its own runs, as the certificate states them: each with the
 * laboratory's expanded uncertainty from its quality control (none until enough check-standard results
 * give one), the reference materials they are traceable to, whether the verdict on the claim holds
 * across the uncertainty, and the last satisfactory proficiency test round per element.
 */
export type CertificateMeasurement = {
  elements: { element: MeasuredElement; scale: IsotopeScale; expanded: number | null; coverageFactor: number }[];
  /** The days of check-standard results the uncertainty is estimated on. */
  windowDays: number;
  /** The anchors of the runs that measured the sample. */
  traceableTo: string[];
  /** The claim's verdict recomputed at the 2^k corners of value ± U; null when there was no claim to judge. */
  sensitivity: { sensitive: boolean; corners: number } | null;
  proficiency: { element: MeasuredElement; scheme: string; round: string | null; roundDate: string; z: number }[];
};

/** What a certificate says, frozen when it is issued: later edits of the sample do not change it. */
export type CertificateContent = {
  /** Fields after `version` came with the ISO/IEC 17025 §7.8 statements; certificates issued before lack them. */
  laboratoryAddress?: string;
  supersedesVersion?: number | null;
  /** Why this version replaces the one before (ISO/IEC 17025 §7.8.8): printed beside the version it amends. */
  amendmentReason?: string | null;
  clientAddress?: string | null;
  /** The booking the item came with, and the item as the client described it on the order form. */
  bookingNumber?: string | null;
  clientDescription?: string | null;
  itemDescription?: string | null;
  receivedDate?: string | null;
  measuredDate?: string | null;
  externalLaboratory?: string | null;
  origin?: CertificateOrigin | null;
  originReason?: string | null;
  /** The language of the booking ('en' | 'vi'): the PDF's words are in it. */
  language?: string;
  /** How the item arrived (receivedConditions) and the receipt note, as recorded at check-in. */
  receivedCondition?: string | null;
  receiptNote?: string | null;
  /** Absent on certificates issued before it was kept, null when no value came from the laboratory's runs. */
  measurement?: CertificateMeasurement | null;
  laboratoryName: string;
  client: string | null;
  company: string | null;
  sampleType: string | null;
  idflNumber: string;
  sampleCode: string | null;
  results: IsotopeResults;
  conclusion: string | null;
  predictedOrigin: string | null;
  issuedAt: string;
  signatory: string;
  /** The signatory's function: the name of their role (roles.json names it in the certificate's language). */
  signatoryRole?: string | null;
  version: number;
};

/** The public answer for a token: only what the certificate holds, never the sample's live record. */
export type CertificateVerification = {
  status: VerificationStatus;
  version: number;
  issuedAt: string;
  idflNumber: string;
  sampleType: string | null;
  client: string | null;
  results: IsotopeResults;
  conclusion: string | null;
  predictedOrigin: string | null;
  signatory: string;
  /** The signatory's function, as the certificate prints it (absent on certificates issued before it was). */
  signatoryRole?: string | null;
  /** The issuing laboratory's name and address as the certificate states them. */
  laboratory: string;
  revokedAt?: string | null;
  revokeReason?: string | null;
  /** The origin analysis' verdict as the certificate states it (absent on certificates issued before it was printed). */
  origin?: CertificateOrigin | null;
  originReason?: string | null;
  /** The version that replaced this one, when it was: the verification page sends the reader to it. */
  supersededByVersion?: number | null;
  /** The sample's latest version and its standing, when this one is not it. */
  currentVersion?: { version: number; status: CertificateStatus; issuedAt: string } | null;
  /** Why the next version was issued, when this one was replaced. */
  amendmentReason?: string | null;
};

/** The client line of a certificate: the company, and the contact person when there is one. */
export function describeClient(content: Pick<CertificateContent, 'client' | 'company'>): string | null {
  const parts = [content.company, content.client].filter((part): part is string => !!part?.trim());
  const unique = [...new Set(parts)];
  return unique.length ? unique.join(' — ') : null;
}

/**
 * δ values as the laboratory writes them: two decimals and per mil, with the value's expanded
 * uncertainty when the measuring laboratory gave one ("-27.10 ± 0.15 ‰").
 */
export function formatDelta(value: number | null, uncertainty?: number | null): string {
  if (value == null) return '—';
  return uncertainty == null
    ? `${formatFixed(value, 2)} ‰`
    : `${formatFixed(value, 2)} ± ${formatFixed(uncertainty, 2)} ‰`;
}

/** An expanded uncertainty alone, as the audit trail shows it: "± 0.15 ‰". */
export function formatUncertainty(uncertainty: number): string {
  return `± ${formatFixed(uncertainty, 2)} ‰`;
}

export const REVOKE_REASON_REQUIRED = 'Please enter a reason for revoking the certificate.';

/** Revoking says why: the public page shows the reason to whoever checks the certificate. */
export const revokeCertificateSchema = z.object({
  reason: visibleText(REVOKE_REASON_REQUIRED).max(1000),
});

export const REISSUE_REASON_REQUIRED = 'Please enter the reason for re-issuing the certificate.';

/**
 * Re-issuing says why: the new version prints "Amends version n: <reason>" (ISO/IEC 17025 §7.8.8).
 * The reason is required of a re-issue only; the first issue takes no body.
 */
export const reissueCertificateSchema = z.object({
  reason: visibleText(REISSUE_REASON_REQUIRED).max(1000).optional(),
});

/**
 * Who hears of a revocation among the staff: customer service, who answer the client about it. It
 * is no workflow action (the sample stays Completed), so it has its own row here.
 */
export const certificateRevocation = {
  notifies: { kind: 'certificateRevoked', audience: 'CanViewDetailSampleEntryCs' },
} as const satisfies { notifies: Notice };

/** The word a sample's status reads as while its certificate in force is revoked (samples.json `status.…`). */
export const CERTIFICATE_REVOKED_STATUS = 'CertificateRevoked';

/**
 * Whether a sample's certificate in force (its latest version) is revoked. The workflow keeps such a
 * sample Completed, since nothing is left to do but re-issue; yet no one should read it as done.
 */
export function hasRevokedCertificate(certificates: readonly { version: number; status: string }[]): boolean {
  const latest = certificates.reduce<{ version: number; status: string } | null>(
    (best, c) => (!best || c.version > best.version ? c : best),
    null,
  );
  return latest?.status === 'Revoked';
}

/**
 * A sample's status as every screen and list words it: its workflow status, except that a Completed
 * sample whose certificate was revoked reads "Certificate revoked". The one place this is decided.
 */
export function sampleStatusWord(status: string, certificateRevoked: boolean | null | undefined): string {
  return status === 'Completed' && certificateRevoked ? CERTIFICATE_REVOKED_STATUS : status;
}
