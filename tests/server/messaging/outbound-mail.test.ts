import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/server/logger.ts';
import { createMailer } from '../../../src/server/services/messaging/outbound-mail.ts';
import { useTestApp } from '../support/test-app.ts';

const t = useTestApp();

describe('[MAIL] outbound mail', () => {
  it('lists recorded mail newest first, paged', async () => {
    const admin = await t.signInAsAdmin();
    const mailer = createMailer(t.env, createLogger(t.env));
    for (const to of ['a@lab.test', 'b@lab.test', 'c@lab.test']) {
      await mailer.send(t.database.db, { to, subject: `Hello ${to}`, text: 'Body' });
    }
    const res = await t.request('GET', '/api/outbound-mail?limit=2', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(res.body.data.items.map((m: { to: string }) => m.to)).toEqual(['c@lab.test', 'b@lab.test']);
    expect(res.body.data.items[0]).toEqual({
      id: expect.any(Number),
      to: 'c@lab.test',
      subject: 'Hello c@lab.test',
      text: 'Body',
      createdAt: expect.any(String),
      // No SMTP_URL in tests: kept, not sent, and no error.
      sentAt: null,
      error: null,
    });
    const next = await t.request('GET', '/api/outbound-mail?limit=2&offset=2', { token: admin });
    expect(next.body.data.items.map((m: { to: string }) => m.to)).toEqual(['a@lab.test']);
  });

  it('shows the reset mail an administrator triggered for an account', async () => {
    const admin = await t.signInAsAdmin();
    await t.request('POST', '/api/user/1/reset-password', { token: admin });
    const res = await t.request('GET', '/api/outbound-mail', { token: admin });
    expect(res.body.data.items[0]).toMatchObject({
      to: 'admin@isotope.lab',
      subject: 'Isotope Lab: reset your password',
    });
    expect(res.body.data.items[0].text).toContain('http://lab.test/auth/reset-password?token=');
  });

  it('needs CanResetPassowrd', async () => {
    const other = await t.userWith(['CanViewAllUser']);
    expect((await t.request('GET', '/api/outbound-mail', { token: other.token })).status).toBe(403);
    expect((await t.request('GET', '/api/outbound-mail')).status).toBe(401);
    const holder = await t.userWith(['CanResetPassowrd']);
    expect((await t.request('GET', '/api/outbound-mail', { token: holder.token })).status).toBe(200);
  });
});
