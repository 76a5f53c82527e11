import { tokenFromCertificateUrl } from '@/shared/certificate';
import { isIdflNumber } from '@/shared/labels';

/** What a scanned (or typed) code is: a sample label, a certificate, or something else. */
export type ScanResult =
  { kind: 'idfl'; idflNumber: string } | { kind: 'certificate'; token: string } | { kind: 'unknown' };

/**
 * Reads a QR code's text. Sample labels hold the bare IDFL number; certificates hold the address of
 * their verification page, ending in /certificate/<token>. Typed entries are forgiven case and spaces.
 */
export function parseScan(text: string): ScanResult {
  const trimmed = text.trim();
  if (!trimmed) return { kind: 'unknown' };
  const idflNumber = trimmed.toUpperCase().replace(/\s+/g, '');
  if (isIdflNumber(idflNumber)) return { kind: 'idfl', idflNumber };
  const token = tokenFromCertificateUrl(trimmed);
  if (token) return { kind: 'certificate', token };
  return { kind: 'unknown' };
}
