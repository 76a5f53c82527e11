import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rateLimit } from '../../../src/server/db/schema.ts';
import { signInDelaySeconds } from '../../../src/server/services/accounts/auth.ts';
import { ADMIN, useTestApp } from '../support/test-app.ts';

// Throttling slows an attacker down without locking the lab out, and a forged
// X-Forwarded-For does not escape it. One reverse proxy sits in front (TRUSTED_PROXIES=1).

const t = useTestApp({ TRUSTED_PROXIES: '1' });

const PROXY_SEES = '203.0.113.7'; // what the proxy appends: the attacker's real address

async function attempt(login: string, password: string, headers: Record<string, string> = {}) {
  return t.request('POST', '/api/auth', {
    body: { email: login, password },
    headers: { 'x-forwarded-for': PROXY_SEES, ...headers },
  });
}

/** Signs in once so the browser holds the device cookie the server hands out. */
async function knownDevice(login: string, password: string): Promise<string> {
  const res = await attempt(login, password);
  expect(res.status).toBe(200);
  const cookie = res.headers.get('set-cookie') ?? '';
  expect(cookie).toMatch(/lab_device_\d+=/);
  expect(cookie).toContain('HttpOnly');
  return cookie.split(';')[0]!;
}

describe('[SECURITY] sign-in throttling', () => {
  it('an attacker guessing the password does not lock the owner out of a known device', async () => {
    const cookie = await knownDevice(ADMIN.username, ADMIN.password);
    for (let i = 0; i < 8; i++) expect((await attempt(ADMIN.username, `guess-${i}`)).status).not.toBe(200);
    // From another device the account is delayed, whatever the password…
    const elsewhere = await attempt(ADMIN.username, ADMIN.password, { 'x-forwarded-for': '198.51.100.9' });
    expect(elsewhere.status).toBe(429);
    expect(Number(elsewhere.headers.get('retry-after'))).toBeGreaterThan(0);
    // …but the owner's device still signs in with the right password.
    expect((await attempt(ADMIN.username, ADMIN.password, { cookie })).status).toBe(200);
  });

  it('the delay grows with each failure and ends: the right password then signs in', async () => {
    expect([4, 5, 6, 7, 20].map((n) => signInDelaySeconds(n, 5))).toEqual([0, 30, 60, 120, 900]);
    for (let i = 0; i < 5; i++) await attempt(ADMIN.username, `guess-${i}`);
    expect((await attempt(ADMIN.username, ADMIN.password)).status).toBe(429);
    // The delay runs out (moved into the past rather than waited for).
    await t.database.db
      .update(rateLimit)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(like(rateLimit.key, 'sign-in:%delay:%'));
    expect((await attempt(ADMIN.username, ADMIN.password)).status).toBe(200);
  });

  it('failures from one address do not lock out everyone behind it', async () => {
    const colleague = await t.userWith(['CanGetOwnUser'], 'colleague');
    const cookie = await knownDevice(colleague.username, 'password-123');
    for (let i = 0; i < 25; i++) await attempt(`someone-${i}`, 'wrong');
    // A new device behind the same address waits…
    expect((await attempt(ADMIN.username, ADMIN.password)).status).toBe(429);
    // …a known one does not.
    expect((await attempt(colleague.username, 'password-123', { cookie })).status).toBe(200);
  });

  it('a forged X-Forwarded-For does not give the attacker a fresh address', async () => {
    for (let i = 0; i < 25; i++) {
      await attempt(`someone-${i}`, 'wrong', { 'x-forwarded-for': `10.0.${i}.1, ${PROXY_SEES}` });
    }
    const res = await attempt(ADMIN.username, ADMIN.password, { 'x-forwarded-for': `10.9.9.9, ${PROXY_SEES}` });
    expect(res.status).toBe(429);
    // Someone else behind the proxy is a different address and is not slowed down.
    expect((await attempt(ADMIN.username, ADMIN.password, { 'x-forwarded-for': '192.0.2.44' })).status).toBe(200);
  });

  it('a device cookie that keeps failing stops counting as known', async () => {
    const cookie = await knownDevice(ADMIN.username, ADMIN.password);
    for (let i = 0; i < 6; i++) await attempt(ADMIN.username, `guess-${i}`, { cookie });
    expect((await attempt(ADMIN.username, ADMIN.password, { cookie })).status).toBe(429);
  });
});
