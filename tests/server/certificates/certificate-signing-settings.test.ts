import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Executor } from '../../../src/server/db/client.ts';
import { loadCertificateSigning, selfSigned } from '../../../src/server/services/certificates/certificate-signing.ts';
import { issuedCertificatePdf, pdfsig } from '../support/certificate-signature.ts';
import { useTestApp } from '../support/test-app.ts';

// CERTIFICATE_SIGNING_P12 names the laboratory's own key and certificate (a PKCS#12 file, with
// CERTIFICATE_SIGNING_PASSWORD): certificates are signed with it instead of the generated one.
// A file that cannot sign (a wrong passphrase) stops the server's start rather than its first
// certificate.

const folder = mkdtempSync(join(tmpdir(), 'signing-p12-'));
const own = await selfSigned('1 Lab Street', 'Configured Test Laboratory');
const P12_FILE = join(folder, 'laboratory.p12');
writeFileSync(P12_FILE, Buffer.from(own.p12, 'base64'));

const t = useTestApp({ CERTIFICATE_SIGNING_P12: P12_FILE, CERTIFICATE_SIGNING_PASSWORD: own.passphrase });

describe('[SIGNING SETTINGS] the laboratory’s own PKCS#12 file', () => {
  it('signs certificates with the configured certificate', async () => {
    const report = pdfsig(await issuedCertificatePdf(t));
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Configured Test Laboratory');
  });

  it('refuses a file whose passphrase is wrong, naming the setting', async () => {
    await expect(
      loadCertificateSigning({} as Executor, {
        CERTIFICATE_SIGNING_P12: P12_FILE,
        CERTIFICATE_SIGNING_PASSWORD: 'not-the-passphrase',
        LAB_ADDRESS: '-',
        LAB_NAME: '-',
      }),
    ).rejects.toThrow(/CERTIFICATE_SIGNING_P12 .* cannot sign/);
  });
});
