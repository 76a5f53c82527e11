import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecord } from '../../../src/server/db/schema.ts';
import { useTestApp } from '../support/test-app.ts';

// A laboratory of its own: the built-in text must give its settings, not text of its own.
const t = useTestApp({
  LAB_NAME: 'Delta Isotope Laboratory',
  LAB_ADDRESS: '7 Pasteur Street, District 3, Ho Chi Minh City, Vietnam',
  LAB_CONTACT_EMAIL: 'reception@delta.example',
  LAB_CONTACT_PHONE: '+84 28 1111 2222',
});

const save = (token: string, body: unknown) => t.request('PUT', '/api/guidelines', { token, body });

describe('[GUIDELINES] read', () => {
  it('answers the built-in default in both languages to anyone, signed in or not', async () => {
    const res = await t.request('GET', '/api/guidelines');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ version: 0, isDefault: true, updatedAt: null });
    expect(res.body.data.en).toContain('# Sample submission guidelines');
    expect(res.body.data.vi).toContain('# Hướng dẫn gửi mẫu');
    for (const topic of ['How much to send', 'Packing and labelling', 'Where to ship', 'Turnaround', 'Confidentiality'])
      expect(res.body.data.en).toContain(topic);
  });

  it('ships to the address and names the contact the laboratory is configured with, in both languages', async () => {
    const { data } = (await t.request('GET', '/api/guidelines')).body;
    for (const text of [data.en, data.vi]) {
      expect(text).toContain('Delta Isotope Laboratory, ');
      expect(text).toContain('7 Pasteur Street, District 3, Ho Chi Minh City, Vietnam');
      expect(text).toContain('reception@delta.example');
      expect(text).toContain('+84 28 1111 2222');
      expect(text).not.toContain('Laboratory Street');
    }
  });
});

describe('[GUIDELINES] edit', () => {
  it('saves both languages, audits the change in the same write, and refuses a stale version', async () => {
    const admin = await t.signInAsAdmin();
    const first = await save(admin, { en: '# Our rules\n\nSend 30 g.', vi: '# Quy định\n\nGửi 30 g.', version: 0 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ message: 'Guidelines saved successfully' });
    expect(first.body.data).toMatchObject({ en: '# Our rules\n\nSend 30 g.', version: 1, isDefault: false });

    const read = await t.request('GET', '/api/guidelines');
    expect(read.body.data).toMatchObject({ vi: '# Quy định\n\nGửi 30 g.', version: 1 });

    const [audit] = await t.database.db
      .select()
      .from(auditRecord)
      .where(and(eq(auditRecord.entityType, 'guidelines'), eq(auditRecord.action, 'updated')));
    expect(audit!.changes).toMatchObject({ en: { to: '# Our rules\n\nSend 30 g.' } });

    const stale = await save(admin, { en: 'Late edit', vi: 'Sửa muộn', version: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'staleGuidelines' });
    expect((await t.request('GET', '/api/guidelines')).body.data.en).toBe('# Our rules\n\nSend 30 g.');
  });

  it('answers blank or missing text with field messages', async () => {
    const admin = await t.signInAsAdmin();
    const res = await save(admin, { en: '  ', version: 0 });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      en: 'The English text is required',
      vi: 'The Vietnamese text is required',
    });
    const long = await save(admin, { en: 'x'.repeat(20_001), vi: 'y', version: 0 });
    expect(long.body.errors).toMatchObject({ en: 'The text must be at most 20000 characters' });
  });

  it('is for those who may edit the laboratory settings', async () => {
    const body = { en: 'a', vi: 'b', version: 0 };
    expect((await t.request('PUT', '/api/guidelines', { body })).status).toBe(401);
    const reader = await t.userWith(['CanViewAllCountry']);
    expect((await save(reader.token, body)).status).toBe(403);
    const editor = await t.userWith(['CanUpdateCountry']);
    expect((await save(editor.token, body)).status).toBe(200);
  });
});
