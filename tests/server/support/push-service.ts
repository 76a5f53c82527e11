import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on a local port, standing in for a browser vendor's: it records each Web Push
 * request and answers with the status the test asks for. Plus a browser's side of a subscription
 * (a P-256 key pair and an auth secret) that decrypts what arrives, as RFC 8291 describes.
 */

export type PushRequest = { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer };

export async function startPushService() {
  const received: PushRequest[] = [];
  const waiting: ((request: PushRequest) => void)[] = [];
  const answers: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      received.push(request);
      res.statusCode = answers.shift() ?? 201;
      res.end();
      waiting.shift()?.(request);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    /** The next request's status (201 Created when none is queued). */
    answerNext: (status: number) => answers.push(status),
    nextRequest: () => new Promise<PushRequest>((resolve) => waiting.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's subscription keys: what PushSubscription.toJSON().keys carries. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
    /** Decrypts an aes128gcm body (RFC 8188 framing, RFC 8291 keys) with this browser's keys. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const recordSize = body.readUInt32BE(16);
      const idLength = body[20]!;
      const serverPublicKey = body.subarray(21, 21 + idLength);
      const ciphertext = body.subarray(21 + idLength);
      if (ciphertext.length > recordSize) throw new Error('more than one record');
      const shared = ecdh.computeSecret(serverPublicKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, serverPublicKey]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
      const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 0x02, then zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end -= 1;
      if (padded[end] !== 2) throw new Error('missing last-record delimiter');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

/** Checks the VAPID header (RFC 8292): an ES256 JWT signed by the key `k`; answers its claims. */
export function readVapid(authorization: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  return {
    valid,
    publicKey: k,
    header: JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string },
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; sub: string; exp: number },
  };
}
