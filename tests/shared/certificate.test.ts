import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newCertificateToken } from '../../src/server/services/certificates/certificates.ts';
import {
  CERTIFICATE_TOKEN_BYTES,
  certificateUrl,
  describeClient,
  encodeCertificateToken,
  formatDelta,
  isCertificateToken,
  revokeCertificateSchema,
  REVOKE_REASON_REQUIRED,
  tokenFromCertificateUrl,
} from '../../src/shared/certificate.ts';

describe('[CERTIFICATE] token format', () => {
  it('carries at least 128 bits, as unpadded base64url', () => {
    expect(CERTIFICATE_TOKEN_BYTES * 8).toBeGreaterThanOrEqual(128);
    const token = newCertificateToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(token).toHaveLength(Math.ceil((CERTIFICATE_TOKEN_BYTES * 4) / 3));
    expect(isCertificateToken(token)).toBe(true);
    const bytes = Buffer.from(token, 'base64url');
    expect(bytes).toHaveLength(CERTIFICATE_TOKEN_BYTES);
  });

  it('encodes bytes exactly as Node does', () => {
    for (let i = 0; i < 50; i++) {
      const bytes = randomBytes(CERTIFICATE_TOKEN_BYTES);
      expect(encodeCertificateToken(bytes)).toBe(bytes.toString('base64url'));
    }
  });

  it('never repeats and spreads over the whole alphabet', () => {
    const tokens = Array.from({ length: 2000 }, newCertificateToken);
    expect(new Set(tokens).size).toBe(tokens.length);
    const characters = new Set(tokens.join(''));
    expect(characters.size).toBe(64);
  });

  it('refuses short or foreign tokens', () => {
    expect(isCertificateToken('abc')).toBe(false);
    expect(isCertificateToken('A'.repeat(21))).toBe(false);
    expect(isCertificateToken('A'.repeat(22))).toBe(true);
    expect(isCertificateToken(`${'A'.repeat(30)}+/=`)).toBe(false);
  });
});

describe('[CERTIFICATE] verification address', () => {
  it('builds and reads /certificate/<token>', () => {
    const token = newCertificateToken();
    const url = certificateUrl('https://lab.example/', token);
    expect(url).toBe(`https://lab.example/certificate/${token}`);
    expect(tokenFromCertificateUrl(url)).toBe(token);
    expect(tokenFromCertificateUrl(`${url}/`)).toBe(token);
    expect(tokenFromCertificateUrl(`${url}?lang=vi`)).toBe(token);
    expect(tokenFromCertificateUrl('https://lab.example/certificate/short')).toBeNull();
    expect(tokenFromCertificateUrl(`https://lab.example/bookings/${token}`)).toBeNull();
  });
});

describe('[CERTIFICATE] content', () => {
  it('names the company and the person once each', () => {
    expect(describeClient({ company: 'Acme', client: 'Lan' })).toBe('Acme — Lan');
    expect(describeClient({ company: 'Acme', client: 'Acme' })).toBe('Acme');
    expect(describeClient({ company: null, client: 'Lan' })).toBe('Lan');
    expect(describeClient({ company: ' ', client: null })).toBeNull();
  });

  it('writes δ values with two decimals and per mil', () => {
    expect(formatDelta(-27.1)).toBe('-27.10 ‰');
    expect(formatDelta(null)).toBe('—');
    // With the expanded uncertainty the third lab gave, to the same two decimals.
    expect(formatDelta(-27.1, 0.15)).toBe('-27.10 ± 0.15 ‰');
    expect(formatDelta(-65.4, null)).toBe('-65.40 ‰');
    expect(formatDelta(null, 0.15)).toBe('—');
  });

  it('needs a reason to revoke', () => {
    const result = revokeCertificateSchema.safeParse({ reason: '   ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(REVOKE_REASON_REQUIRED);
    expect(revokeCertificateSchema.parse({ reason: ' Mix-up ' })).toEqual({ reason: 'Mix-up' });
  });
});
