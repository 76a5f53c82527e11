import { randomUUID } from 'node:crypto';
import { sign, verify } from 'hono/jwt';

// OWASP's device cookie: a browser where someone signed in correctly gets a signed note saying so.
// A correct password from that browser still signs in while the account is being attacked from
// elsewhere, so throttling an attacker never locks the lab out.

export const DEVICE_COOKIE_PREFIX = 'lab_device_';
export const DEVICE_TTL_SECONDS = 180 * 86_400;

const keyString = (key: Uint8Array) => Buffer.from(key).toString('latin1');

export async function issueDeviceToken(key: Uint8Array, userId: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return sign(
    { sub: String(userId), typ: 'device', jti: randomUUID(), iat: now, exp: now + DEVICE_TTL_SECONDS },
    keyString(key),
    'HS256',
  );
}

/** The device id of a valid device token issued to this user, or undefined. */
export async function readDeviceToken(key: Uint8Array, token: string | undefined, userId: number) {
  if (!token) return undefined;
  try {
    const payload = await verify(token, keyString(key), 'HS256');
    if (payload.typ !== 'device' || payload.sub !== String(userId) || typeof payload.jti !== 'string') return undefined;
    return payload.jti;
  } catch {
    return undefined;
  }
}
