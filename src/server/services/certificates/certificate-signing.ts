import { generateKeyPair, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import type { Executor } from '../../db/client.ts';
import { appSetting } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import type { SigningIdentity } from '../documents/pdf-signing.ts';

// The key and certificate the laboratory signs its certificates of analysis with: its own PKCS#12
// file when CERTIFICATE_SIGNING_P12 names one, otherwise a self-signed pair generated on first start
// and kept in the database (as the JWT key and the VAPID keys are), so every instance and every
// restart signs with the same certificate. A self-signed certificate proves that a PDF was not
// changed since this laboratory signed it; a reader's viewer trusts the signer only once the
// laboratory's certificate (or its authority's) is trusted there.

const SETTING = 'certificate_signing_p12';

type Kept = { p12: string; passphrase: string };

// Per database, and within it per configured file: one database may serve apps configured with
// different files (the tests' databases outlive each app), and each must sign with its own.
const loaded = new WeakMap<object, Map<string, Promise<SigningIdentity>>>();

/** The signing identity: read (or made) once per database and kept for the server's life. */
export function loadCertificateSigning(
  db: Executor,
  env: Pick<Env, 'CERTIFICATE_SIGNING_P12' | 'CERTIFICATE_SIGNING_PASSWORD' | 'LAB_ADDRESS' | 'LAB_NAME'>,
): Promise<SigningIdentity> {
  const kept = loaded.get(db) ?? new Map<string, Promise<SigningIdentity>>();
  loaded.set(db, kept);
  const which = env.CERTIFICATE_SIGNING_P12 ?? '';
  let identity = kept.get(which);
  if (!identity) {
    identity = env.CERTIFICATE_SIGNING_P12
      ? readConfigured(env.CERTIFICATE_SIGNING_P12, env.CERTIFICATE_SIGNING_PASSWORD)
      : keptOrGenerated(db, env.LAB_ADDRESS, env.LAB_NAME);
    kept.set(which, identity);
    // A failure is not kept: the next certificate tries again (a start-up failure stops the server).
    identity.catch(() => kept.delete(which));
  }
  return identity;
}

/** Reads the laboratory's PKCS#12 file, refusing one that cannot sign (wrong passphrase, no key). */
async function readConfigured(path: string, passphrase: string): Promise<SigningIdentity> {
  const p12 = new Uint8Array(await readFile(path));
  try {
    signerCertificate(p12, passphrase);
  } catch (error) {
    throw new Error(
      `CERTIFICATE_SIGNING_P12 (${path}) cannot sign: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return { p12, passphrase };
}

/** The certificate that goes with the file's private key; throws when the file has no such pair. */
function signerCertificate(p12: Uint8Array, passphrase: string): forge.pki.Certificate {
  const parsed = forge.pkcs12.pkcs12FromAsn1(
    forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(p12).toString('binary'))),
    false,
    passphrase,
  );
  const keyBagType = forge.pki.oids.pkcs8ShroudedKeyBag!;
  const certBagType = forge.pki.oids.certBag!;
  const keyBag = parsed.getBags({ bagType: keyBagType })[keyBagType];
  const key = keyBag?.[0]?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new Error('the file holds no RSA private key');
  const certificates = parsed.getBags({ bagType: certBagType })[certBagType] ?? [];
  const match = certificates.find(({ cert }) => {
    const publicKey = cert?.publicKey as forge.pki.rsa.PublicKey | undefined;
    return publicKey?.n && publicKey.n.equals(key.n) && publicKey.e.equals(key.e);
  });
  if (!match?.cert) throw new Error('the file holds no certificate for its private key');
  return match.cert;
}

async function keptOrGenerated(db: Executor, address: string, name: string): Promise<SigningIdentity> {
  const read = async () => (await db.select().from(appSetting).where(eq(appSetting.key, SETTING)))[0];
  let row = await read();
  if (!row) {
    await db
      .insert(appSetting)
      .values({ key: SETTING, value: JSON.stringify(await selfSigned(address, name)) })
      .onConflictDoNothing();
    // Another instance starting at the same moment may have kept its own: every instance uses the kept one.
    row = await read();
  }
  if (!row) throw new Error('certificate signing key missing after insert');
  const kept = JSON.parse(row.value) as Kept;
  return { p12: new Uint8Array(Buffer.from(kept.p12, 'base64')), passphrase: kept.passphrase };
}

/**
 * A self-signed RSA certificate for the laboratory, valid for ten years, in a PKCS#12 file with a
 * random passphrase. The key pair is made by Node's crypto (native, off the event loop); node-forge
 * only writes the certificate and the file.
 */
export async function selfSigned(address: string, name: string): Promise<Kept> {
  const { privateKey, publicKey } = await promisify(generateKeyPair)('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(privateKey);
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey);
  // Positive: a serial number's first bit set would read as negative.
  certificate.serialNumber = `01${randomBytes(15).toString('hex')}`;
  const now = new Date();
  certificate.validity.notBefore = new Date(now.getTime() - 60_000);
  certificate.validity.notAfter = new Date(now.getTime() + 10 * 365.25 * 24 * 3600 * 1000);
  const subject = [
    { name: 'commonName', value: name },
    { name: 'organizationName', value: name },
    { shortName: 'OU', value: address.slice(0, 64) },
  ];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  certificate.sign(key, forge.md.sha256.create());
  const passphrase = randomBytes(24).toString('base64url');
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [certificate], passphrase, { algorithm: '3des' });
  return { p12: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary').toString('base64'), passphrase };
}
