import { describe, expect, it, vi } from 'vitest';
import { REFRESH_RETRY_GRACE_MS } from '../../../src/server/auth/tokens.ts';
import { outboundMail } from '../../../src/server/db/schema.ts';
import { ADMIN, useTestApp } from '../support/test-app.ts';

const t = useTestApp();

describe('[AUTH] sign in', () => {
  it('signs the seeded administrator in by username or e-mail', async () => {
    for (const login of [ADMIN.username, ADMIN.email, ADMIN.email.toUpperCase()]) {
      const res = await t.request('POST', '/api/auth', { body: { email: login, password: ADMIN.password } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ result: true, message: 'Login successful' });
      expect(res.body.data.roles).toEqual(['Administrator']);
      expect(res.body.data.user.permissions).toContain('CanResetPassowrd');
      expect(typeof res.body.data.accessToken).toBe('string');
      expect(typeof res.body.data.refreshToken).toBe('string');
    }
  });

  it('refuses a wrong password with a readable message', async () => {
    const res = await t.request('POST', '/api/auth', { body: { email: ADMIN.email, password: 'nope' } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ result: false, message: 'Incorrect e-mail/username or password.' });
  });

  it('answers missing fields with the specification messages', async () => {
    const res = await t.request('POST', '/api/auth', { body: {} });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      email: 'Please enter your username or email',
      password: 'Password is required',
    });
  });

  it('rate-limits sign-in per account after five failures, even with the right password', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await t.request('POST', '/api/auth', { body: { email: 'admin', password: 'wrong' } })).status).toBe(401);
    }
    const res = await t.request('POST', '/api/auth', { body: { email: 'admin', password: ADMIN.password } });
    expect(res.status).toBe(429);
  });

  it('does not let an Idempotency-Key bypass the sign-in limit', async () => {
    for (let i = 0; i < 6; i++) {
      await t.request('POST', '/api/auth', {
        body: { email: 'admin', password: 'wrong' },
        headers: { 'idempotency-key': `key-${i}-xxxxxxxx` },
      });
    }
    expect((await t.request('POST', '/api/auth', { body: { email: 'admin', password: ADMIN.password } })).status).toBe(
      429,
    );
  });
});

describe('[AUTH] tokens', () => {
  it('requires a token on protected routes', async () => {
    expect((await t.request('GET', '/api/user/get-own-user')).status).toBe(401);
    expect((await t.request('GET', '/api/user/get-own-user', { token: 'garbage' })).status).toBe(401);
  });

  it('rotates refresh tokens and revokes the family when an old one is reused', async () => {
    const signIn = await t.request('POST', '/api/auth', { body: { email: 'admin', password: ADMIN.password } });
    const first = signIn.body.data.refreshToken;
    const rotated = await t.request('POST', '/api/auth/refresh', { body: { refreshToken: first } });
    expect(rotated.status).toBe(200);
    const second = rotated.body.data.refreshToken;
    expect(second).not.toBe(first);
    const own = await t.request('GET', '/api/user/get-own-user', { token: rotated.body.data.accessToken });
    expect(own.body.data.username).toBe('admin');

    // Once its successor was used, reusing the first token is theft: the whole family stops working.
    const third = await t.request('POST', '/api/auth/refresh', { body: { refreshToken: second } });
    expect(third.status).toBe(200);
    expect((await t.request('POST', '/api/auth/refresh', { body: { refreshToken: first } })).status).toBe(401);
    expect(
      (await t.request('POST', '/api/auth/refresh', { body: { refreshToken: third.body.data.refreshToken } })).status,
    ).toBe(401);
  });

  it('answers a refresh retried within the grace with the same new pair, and revokes on reuse after it', async () => {
    const signIn = await t.request('POST', '/api/auth', { body: { email: 'admin', password: ADMIN.password } });
    const first = signIn.body.data.refreshToken;
    const answered = await t.request('POST', '/api/auth/refresh', { body: { refreshToken: first } });
    // The answer was lost on the way: the tablet sends the same token again.
    const retried = await t.request('POST', '/api/auth/refresh', { body: { refreshToken: first } });
    expect(retried.status).toBe(200);
    expect(retried.body.data.refreshToken).toBe(answered.body.data.refreshToken);
    expect(retried.body.data.accessToken).toBe(answered.body.data.accessToken);
    expect((await t.request('GET', '/api/user/get-own-user', { token: retried.body.data.accessToken })).status).toBe(
      200,
    );

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + REFRESH_RETRY_GRACE_MS + 1_000);
      // Past the grace the same token is a replay: the family is revoked, the successor too.
      expect((await t.request('POST', '/api/auth/refresh', { body: { refreshToken: first } })).status).toBe(401);
      const successor = retried.body.data.refreshToken;
      expect((await t.request('POST', '/api/auth/refresh', { body: { refreshToken: successor } })).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('logout revokes the refresh token', async () => {
    const signIn = await t.request('POST', '/api/auth', { body: { email: 'admin', password: ADMIN.password } });
    const refreshToken = signIn.body.data.refreshToken;
    expect((await t.request('POST', '/api/auth/logout', { body: { refreshToken } })).status).toBe(200);
    expect((await t.request('POST', '/api/auth/refresh', { body: { refreshToken } })).status).toBe(401);
  });
});

describe('[AUTH] passwords', () => {
  it('changes the own password with the specification messages', async () => {
    const token = await t.signInAsAdmin();
    const missing = await t.request('POST', '/api/user/change-password', { token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({
      oldPassword: 'Old password is required',
      newPassword: 'New password is required',
    });
    const wrong = await t.request('POST', '/api/user/change-password', {
      token,
      body: { oldPassword: 'bad-password', newPassword: 'new-password-1' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Failed to change password');
    const done = await t.request('POST', '/api/user/change-password', {
      token,
      body: { oldPassword: ADMIN.password, newPassword: 'new-password-1' },
    });
    expect(done.body).toMatchObject({ result: true, data: true, message: 'Password changed successfully' });
    await expect(t.signIn('admin', 'new-password-1')).resolves.toBeTypeOf('string');
  });

  it('mails a reset link that sets a new password once', async () => {
    const res = await t.request('POST', `/api/user/reset-password?email=${encodeURIComponent(ADMIN.email)}`);
    expect(res.status).toBe(200);
    const unknown = await t.request('POST', '/api/user/reset-password?email=nobody%40lab.test');
    expect(unknown.body.message).toBe(res.body.message);
    await t.settled();

    // Administrators see the unsent mail redacted; the mailbox gets the link.
    const admin = await t.signInAsAdmin();
    const listed = await t.request('GET', '/api/outbound-mail', { token: admin });
    expect(listed.body.data.items[0].text).toContain('reset-password?token=[redacted]');
    const [mail] = await t.database.db.select().from(outboundMail);
    const token = mail?.text.match(/token=([\w-]+)/)?.[1];
    expect(token).toBeTruthy();

    const set = await t.request('POST', '/api/user/reset-password/confirm', {
      body: { token, newPassword: 'reset-password-1' },
    });
    expect(set.status).toBe(200);
    await expect(t.signIn(ADMIN.email, 'reset-password-1')).resolves.toBeTypeOf('string');
    const again = await t.request('POST', '/api/user/reset-password/confirm', {
      body: { token, newPassword: 'another-password' },
    });
    expect(again.status).toBe(400);
  });
});
