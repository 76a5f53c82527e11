import { describe, expect, it } from 'vitest';
import { sampleAt } from '../support/sample-journey.ts';
import { useTestApp } from '../support/test-app.ts';

// A bench reads only the samples that reached it: their details, chain of
// custody, labels and files.

const t = useTestApp();

const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(64),
]);

async function uploadImage(token: string): Promise<string> {
  const form = new FormData();
  form.append('files', new File([new Uint8Array(PNG)], 'bag.png', { type: 'image/png' }));
  const res = await t.request('POST', '/api/upload', { token, form });
  expect(res.status).toBe(201);
  return res.body.data[0].id as string;
}

describe('[SECURITY] sample scope', () => {
  it('the third lab cannot read the chain of custody of samples never sent to it', async () => {
    const admin = await t.signInAsAdmin();
    const thirdLab = await t.userWith(['CanViewAllTransactionThirdLab']);
    const unsent = [];
    for (const status of ['New', 'CsConfirmed', 'SentToTester', 'TesterConfirmed'] as const) {
      unsent.push(await sampleAt(t, admin, status, { form: { sampleCode: `SC-${status}` } }));
    }
    for (const sample of unsent) {
      const res = await t.request('GET', `/api/sample-entries/${sample.id}/timeline`, { token: thirdLab.token });
      expect(res.status, sample.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('SC-');
    }
    const sent = await sampleAt(t, admin, 'SentToThirdLab', { form: { sampleCode: 'SC-SENT' } });
    const timeline = await t.request('GET', `/api/sample-entries/${sent.id}/timeline`, { token: thirdLab.token });
    expect(timeline.status).toBe(200);
  });

  it('the tester cannot read details or labels of samples still at the client-side lab', async () => {
    const admin = await t.signInAsAdmin();
    const tester = await t.userWith(['CanViewDetailSampleEntryTester']);
    const atCs = await sampleAt(t, admin, 'CsConfirmed');
    expect((await t.request('GET', `/api/tester-lab/get-detail/${atCs.id}`, { token: tester.token })).status).toBe(404);
    expect((await t.request('GET', `/api/labels/sample/${atCs.id}`, { token: tester.token })).status).toBe(404);
    expect((await t.request('GET', `/api/sample-entries/${atCs.id}/timeline`, { token: tester.token })).status).toBe(
      404,
    );
    const atTester = await sampleAt(t, admin, 'SentToTester');
    expect((await t.request('GET', `/api/tester-lab/get-detail/${atTester.id}`, { token: tester.token })).status).toBe(
      200,
    );
    expect((await t.request('GET', `/api/labels/sample/${atTester.id}`, { token: tester.token })).status).toBe(200);
    // The client-side lab sees them all.
    const cs = await t.userWith(['CanViewDetailSampleEntryCs']);
    expect((await t.request('GET', `/api/labels/sample/${atCs.id}`, { token: cs.token })).status).toBe(200);
  });

  it('serves a sample image only to its uploader and to benches that may see the sample', async () => {
    // Only its uploader (or one who may already read it) can attach an image.
    const uploader = await t.userWith(['CanUploadFile', 'CanCreateSampleEntryCs']);
    const imageId = await uploadImage(uploader.token);
    const sample = await sampleAt(t, uploader.token, 'New', { form: { imageFileIds: [imageId] } });
    expect(sample.imageFileIds).toEqual([imageId]);

    const url = `/api/files/${imageId}`;
    expect((await t.request('GET', url, { token: uploader.token })).status).toBe(200);
    const cs = await t.userWith(['CanViewDetailSampleEntryCs']);
    expect((await t.request('GET', url, { token: cs.token })).status).toBe(200);
    for (const permissions of [[], ['CanViewAllTransactionThirdLab'], ['CanViewDetailSampleEntryTester']] as const) {
      const other = await t.userWith(permissions);
      expect((await t.request('GET', url, { token: other.token })).status, permissions.join()).toBe(404);
    }
  });
});
