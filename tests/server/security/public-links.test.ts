import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboundMail } from '../../../src/server/db/schema.ts';
import { parseEnv } from '../../../src/server/env.ts';
import { sampleAt } from '../support/sample-journey.ts';
import { ADMIN, useTestApp } from '../support/test-app.ts';

// Links in mail and on certificates never follow the request's Host header.

const t = useTestApp({ PUBLIC_URL: '', PORT: '3000' });

async function requestResetVia(origin: string) {
  const res = await t.app.request(`${origin}/api/user/reset-password?email=${encodeURIComponent(ADMIN.email)}`, {
    method: 'POST',
  });
  expect(res.status).toBe(200);
  await t.settled();
  const [mail] = await t.database.db.select().from(outboundMail).orderBy(desc(outboundMail.id)).limit(1);
  return mail!.text.match(/https?:\/\/\S+reset-password\?token=\S+/)?.[0] ?? '';
}

describe('[SECURITY] links come from configuration', () => {
  it('a reset requested with a forged Host does not mail a link to that host', async () => {
    const link = await requestResetVia('http://evil.example');
    expect(link).not.toContain('evil.example');
    expect(link.startsWith('http://localhost:3000/auth/reset-password?token=')).toBe(true);
  });

  it('a host on the allowed list is used when PUBLIC_URL is not set', async () => {
    const link = await requestResetVia('http://127.0.0.1:5173');
    expect(link.startsWith('http://127.0.0.1:5173/auth/reset-password?token=')).toBe(true);
  });

  it('a certificate issued through a forged Host does not print that host in its link', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'ResultConfirmed');
    const res = await t.app.request(`http://evil.example/api/issue-certificate?id=${sample.id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { url: string } };
    expect(data.url).not.toContain('evil.example');
    expect(data.url.startsWith('http://localhost:3000/')).toBe(true);
  });

  it('production refuses to start without PUBLIC_URL', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL is required/);
    expect(parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://lab.example' }).PUBLIC_URL).toBe(
      'https://lab.example',
    );
  });
});
