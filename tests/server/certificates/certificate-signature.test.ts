import { describe, expect, it } from 'vitest';
import { issuedCertificatePdf, pdfsig, signedRanges } from '../support/certificate-signature.ts';
import { useTestApp } from '../support/test-app.ts';

// Every certificate of analysis is signed with the laboratory's key (PAdES, SubFilter
// ETSI.CAdES.detached): poppler's pdfsig, as a reader's viewer would, checks the signature over the
// bytes it covers, and a single changed byte breaks it. Without CERTIFICATE_SIGNING_P12 the key is a
// self-signed certificate made on first start and kept in the database.

const t = useTestApp();

describe('[SIGNED CERTIFICATE] the certificate PDF carries a valid signature', () => {
  it('is signed over the whole file, and one changed byte makes the signature invalid', async () => {
    const pdf = await issuedCertificatePdf(t);
    const report = pdfsig(pdf);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('ETSI.CAdES.detached');
    expect(report).toContain('Isotope Lab');
    // The two ranges cover every byte of the file but the signature itself.
    const [start, firstLength, secondStart, secondLength] = signedRanges(pdf);
    expect(start).toBe(0);
    expect(secondStart + secondLength).toBe(pdf.length);
    expect(secondStart - firstLength).toBeLessThan(40_000);

    // A byte in the middle of the first signed range: somewhere in the document's drawing.
    const changed = new Uint8Array(pdf);
    const at = Math.floor(firstLength / 2);
    changed[at] = changed[at] === 0x41 ? 0x42 : 0x41;
    const tampered = pdfsig(changed);
    expect(tampered).not.toContain('Signature is Valid.');
    expect(tampered).toMatch(/Signature is Invalid|Digest Mismatch/);
  });
});
