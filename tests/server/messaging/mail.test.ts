import { describe, expect, it } from 'vitest';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { ADMIN, useTestApp } from '../support/test-app.ts';

// A real SMTP server on loopback receives what the app sends.
const { received, url } = await startSmtpSink();

const t = useTestApp({ SMTP_URL: url });

async function waitFor<T>(check: () => Promise<T | undefined> | T | undefined, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('[MAIL] delivery over SMTP', () => {
  it('sends a reset link once the request has committed, and records it as sent', async () => {
    const res = await t.request('POST', `/api/user/reset-password?email=${encodeURIComponent(ADMIN.email)}`);
    expect(res.status).toBe(200);
    await t.settled();
    const resetMail = await waitFor(() => received.find((m) => m.to.includes(ADMIN.email)));
    expect(resetMail.raw).toContain('reset-password?token=');

    const admin = await t.signInAsAdmin();
    const item = await waitFor(async () => {
      const mail = await t.request('GET', '/api/outbound-mail', { token: admin });
      const first = mail.body.data.items[0];
      return first?.sentAt ? first : undefined;
    });
    expect(item.error ?? null).toBeNull();
    expect(received.filter((m) => m.to.includes(ADMIN.email))).toHaveLength(1);
  });
});
