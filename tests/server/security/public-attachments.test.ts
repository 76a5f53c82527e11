import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { storedFile } from '../../../src/server/db/schema.ts';
import {
  ATTACHMENT_QUOTA,
  UNCLAIMED_ATTACHMENT_SECONDS,
  removeUnclaimedAttachments,
} from '../../../src/server/services/bookings/public-attachments.ts';
import { bookingForm } from '../support/bookings.ts';
import { useTestApp } from '../support/test-app.ts';

// Anonymous attachments cannot be used to fill the server's storage.

const t = useTestApp({ TRUSTED_PROXIES: '1' });

const MiB = 1024 * 1024;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

async function upload(bytes: number, address = '203.0.113.50') {
  const form = new FormData();
  const data = Buffer.concat([PNG, Buffer.alloc(bytes - PNG.length)]);
  form.append('files', new File([new Uint8Array(data)], 'bale.png', { type: 'image/png' }));
  return t.request('POST', '/api/sample-submit-form/attachments', { form, headers: { 'x-forwarded-for': address } });
}

describe('[SECURITY] public attachments', () => {
  it('one address may store only its quota per hour', async () => {
    const nine = 9 * MiB;
    expect(Math.floor(ATTACHMENT_QUOTA.bytes / nine)).toBe(2);
    expect((await upload(nine)).status).toBe(201);
    expect((await upload(nine)).status).toBe(201);
    const over = await upload(nine);
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/per hour/);
    // Another address has its own quota.
    expect((await upload(nine, '198.51.100.20')).status).toBe(201);
    expect(await t.database.db.$count(storedFile)).toBe(3);
  });

  it('attachments no booking took within the hour are removed by the clean-up; claimed ones stay', async () => {
    const kept = (await upload(1024)).body.data[0].id as string;
    const orphan = (await upload(1024)).body.data[0].id as string;
    const submit = await t.request('POST', '/api/sample-submit-form', {
      body: bookingForm({ attachmentFileIds: [kept] }),
    });
    expect(submit.status).toBe(201);

    // Nothing is removed before its hour is up.
    expect(await removeUnclaimedAttachments(t.database.db)).toBe(0);
    const hourAgo = new Date(Date.now() - (UNCLAIMED_ATTACHMENT_SECONDS + 60) * 1000);
    await t.database.db
      .update(storedFile)
      .set({ createdAt: hourAgo })
      .where(inArray(storedFile.id, [kept, orphan]));
    expect(await removeUnclaimedAttachments(t.database.db)).toBe(1);
    const left = await t.database.db.select({ id: storedFile.id }).from(storedFile);
    expect(left.map((f) => f.id)).toEqual([kept]);
  });

  it('an attachment belongs to one booking: a second booking cannot take it, nor a staff upload', async () => {
    const id = (await upload(1024)).body.data[0].id as string;
    expect(
      (await t.request('POST', '/api/sample-submit-form', { body: bookingForm({ attachmentFileIds: [id] }) })).status,
    ).toBe(201);
    const again = await t.request('POST', '/api/sample-submit-form', {
      body: bookingForm({ attachmentFileIds: [id] }),
    });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual({
      'attachmentFileIds.0': 'This attachment was not found; please upload it again.',
    });

    // A file a staff member uploaded (a result PDF, a sample photo) is not an attachment to take.
    const staff = await t.userWith(['CanUploadFile']);
    const form = new FormData();
    form.append('files', new File([new Uint8Array(Buffer.concat([PNG, Buffer.alloc(64)]))], 'x.png'));
    const staffFile = (await t.request('POST', '/api/upload', { token: staff.token, form })).body.data[0].id as string;
    const taken = await t.request('POST', '/api/sample-submit-form', {
      body: bookingForm({ attachmentFileIds: [staffFile] }),
    });
    expect(taken.status).toBe(400);
    const [row] = await t.database.db.select().from(storedFile).where(eq(storedFile.id, staffFile));
    expect(row!.claimedAt).toBeNull();
  });
});
