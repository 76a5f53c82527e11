import { z } from 'zod';
import { visibleText } from './visible-text.ts';

// Certificates of analysis anyone can verify (issue 6). Pure: the server builds and checks
// certificates with it, and the app reads a scanned certificate QR with the same rules.

/** The laboratory named on every certificate and on the public verification page. */
export const LABORATORY_NAME = 'Isotope Lab';

export const certificateStatuses = ['Valid', 'Revoked', 'Superseded'] as const;
export type CertificateStatus = (typeof certificateStatuses)[number];

/** Random bytes behind a token: 256 bits, far past guessing (the floor is 128). */
export const CERTIFICATE_TOKEN_BYTES = 32;

/** base64url without padding; 32 bytes give 43 characters. 22 characters (128 bits) is the shortest we accept. */
export const CERTIFICATE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,128}$/;

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

export type IsotopeResults = {
  carbon: number | null;
  hydrogen: number | null;
  oxygen: number | null;
  /** Each value's expanded uncertainty (± ‰) as the third lab reported it; absent on certificates issued before it was kept. */
  carbonUncertainty?: number | null;
  hydrogenUncertainty?: number | null;
  oxygenUncertainty?: number | null;
};

/** The product's origin model, named on the certificate's method line (ISO/IEC 17025 §7.8.2.1). */
export const ORIGIN_MODEL_NAME = 'Isotope Lab origin model';

type OriginConsistency = { region: string; verdict: string; probability: number | null; isKnownRegion: boolean };

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

/** What a certificate says, frozen when it is issued: later edits of the sample do not change it. */
export type CertificateContent = {
  /** Fields after `version` came with issue 33 (ISO/IEC 17025 §7.8); certificates issued before lack them. */
  laboratoryAddress?: string;
  supersedesVersion?: number | null;
  clientAddress?: string | null;
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
  version: number;
};

/** The public answer for a token: only what the certificate holds, never the sample's live record. */
export type CertificateVerification = {
  status: CertificateStatus;
  version: number;
  issuedAt: string;
  idflNumber: string;
  sampleType: string | null;
  client: string | null;
  results: IsotopeResults;
  conclusion: string | null;
  predictedOrigin: string | null;
  signatory: string;
  revokedAt?: string | null;
  revokeReason?: string | null;
  /** The origin analysis' verdict as the certificate states it (absent on certificates issued before it was printed). */
  origin?: CertificateOrigin | null;
  originReason?: string | null;
  supersededByVersion?: number | null;
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
  return uncertainty == null ? `${value.toFixed(2)} ‰` : `${value.toFixed(2)} ± ${uncertainty.toFixed(2)} ‰`;
}

/** An expanded uncertainty alone, as the audit trail shows it: "± 0.15 ‰". */
export function formatUncertainty(uncertainty: number): string {
  return `± ${uncertainty.toFixed(2)} ‰`;
}

export const REVOKE_REASON_REQUIRED = 'Please enter a reason for revoking the certificate.';

/** Revoking says why: the public page shows the reason to whoever checks the certificate. */
export const revokeCertificateSchema = z.object({
  reason: visibleText(REVOKE_REASON_REQUIRED).max(1000),
});
export type RevokeCertificate = z.infer<typeof revokeCertificateSchema>;
