import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboundMail } from '../../../src/server/db/schema.ts';
import { ADMIN, useTestApp } from '../support/test-app.ts';

// After a password change or reset, a thief's other session is over, both its
// refresh token (30 days) and its access token (15 minutes).

const t = useTestApp();

type Session = { accessToken: string; refreshToken: string };

async function session(password = ADMIN.password): Promise<Session> {
  const res = await t.request('POST', '/api/auth', { body: { email: ADMIN.username, password } });
  expect(res.status).toBe(200);
  return res.body.data;
}

const ownUser = (s: Session) => t.request('GET', '/api/user/get-own-user', { token: s.accessToken });
const refresh = (s: Session) => t.request('POST', '/api/auth/refresh', { body: { refreshToken: s.refreshToken } });

/** The reset link as the mailbox receives it. */
async function mailedResetToken(): Promise<string> {
  const [mail] = await t.database.db.select().from(outboundMail).orderBy(desc(outboundMail.id)).limit(1);
  const token = mail?.text.match(/token=([\w-]+)/)?.[1];
  expect(token).toBeTruthy();
  return token!;
}

describe('[SECURITY] sessions end with a password change or reset', () => {
  it('a password change ends every other session and keeps the one that made it', async () => {
    const stolen = await session();
    const mine = await session();
    expect((await ownUser(stolen)).status).toBe(200);

    const change = await t.request('POST', '/api/user/change-password', {
      token: mine.accessToken,
      body: { oldPassword: ADMIN.password, newPassword: 'new-password-1' },
    });
    expect(change.status).toBe(200);

    expect((await ownUser(stolen)).status).toBe(401);
    expect((await refresh(stolen)).status).toBe(401);

    // The session that changed the password refreshes into the new epoch and carries on.
    expect((await ownUser(mine)).status).toBe(401);
    const renewed = await refresh(mine);
    expect(renewed.status).toBe(200);
    expect((await ownUser(renewed.body.data)).status).toBe(200);
  });

  it('a password reset ends every session', async () => {
    const stolen = await session();
    const request = await t.request('POST', `/api/user/reset-password?email=${encodeURIComponent(ADMIN.email)}`);
    expect(request.status).toBe(200);
    await t.settled();
    const confirm = await t.request('POST', '/api/user/reset-password/confirm', {
      body: { token: await mailedResetToken(), newPassword: 'reset-password-1' },
    });
    expect(confirm.status).toBe(200);
    expect((await ownUser(stolen)).status).toBe(401);
    expect((await refresh(stolen)).status).toBe(401);
    const fresh = await session('reset-password-1');
    expect((await ownUser(fresh)).status).toBe(200);
  });
});
