import { describe, expect, it } from 'vitest';
import { sampleAt, SAMPLE_FORM, RESULT } from '../support/sample-journey.ts';
import { useTestApp } from '../support/test-app.ts';

// A user who learns the id of someone else's upload (it shows in a URL, a log,
// a shared screen) put it in imageFileIds and could then read the file through the sample. A file is
// attached only by its uploader, or by one who may already read it; a record's own files are kept.

const t = useTestApp();

const png = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(64),
]);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const CS_TESTER = [
  'CanUploadFile',
  'CanCreateSampleEntryCs',
  'CanUpdateSampleEntryCs',
  'CanViewDetailSampleEntryCs',
] as const;

async function uploadImage(token: string, name = 'private.png') {
  const form = new FormData();
  form.append('files', new File([new Uint8Array(png)], name));
  const res = await t.request('POST', '/api/upload', { token, form });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data[0] as { id: string; url: string };
}

async function uploadPdf(token: string) {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(pdf)], 'result.pdf'));
  const res = await t.request('POST', '/api/upload-file-pdf', { token, form });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; url: string };
}

describe('[SECURITY] attaching files', () => {
  it("refuses another user's upload on a new sample and on an edit, and the file stays unreadable", async () => {
    const alice = await t.userWith(CS_TESTER, 'Alice');
    const bob = await t.userWith(CS_TESTER, 'Bob');
    const secret = await uploadImage(alice.token);

    const create = await t.request('POST', '/api/cs-lab/create', {
      token: bob.token,
      body: { ...SAMPLE_FORM, imageFileIds: [secret.id] },
    });
    expect(create.status, JSON.stringify(create.body)).toBe(400);
    expect(create.body).toMatchObject({ code: 'fileNotFound', errors: { 'imageFileIds.0': 'File not found' } });

    const own = await t.request('POST', '/api/cs-lab/create', { token: bob.token, body: SAMPLE_FORM });
    expect(own.status).toBe(201);
    const edit = await t.request('PUT', `/api/cs-lab/update?id=${own.body.data.id}`, {
      token: bob.token,
      body: { version: own.body.data.version, imageFileIds: [secret.id] },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(400);
    expect(edit.body.errors).toEqual({ 'imageFileIds.0': 'File not found' });

    // Through the outbox too: the same change inside a sync batch is refused the same way.
    const synced = await t.request('POST', '/api/sync', {
      token: bob.token,
      body: {
        mutations: [
          {
            key: 'attach-secret-1',
            method: 'PUT',
            path: `/api/cs-lab/update?id=${own.body.data.id}`,
            body: { version: own.body.data.version, imageFileIds: [secret.id] },
          },
        ],
      },
    });
    expect(synced.body.data.results[0]).toMatchObject({ status: 400, body: { code: 'fileNotFound' } });

    expect((await t.request('GET', secret.url, { token: bob.token })).status).toBe(404);
    const detail = await t.request('GET', `/api/cs-lab/get-detail/${own.body.data.id}`, { token: bob.token });
    expect(detail.body.data.imageFileIds).toEqual([]);
  });

  it('refuses another user’s PDF as a third-lab report', async () => {
    const admin = await t.signInAsAdmin();
    const alice = await t.userWith(['CanUploaPdfResult'], 'Alice');
    const lab = await t.userWith(['CanUpdateResultThirdLab', 'CanViewAllTransactionThirdLab', 'CanUploaPdfResult']);
    const sample = await sampleAt(t, admin, 'ThirdLabConfirmed');
    const secret = await uploadPdf(alice.token);
    const res = await t.request('PUT', `/api/third-lab/update-result?id=${sample.id}`, {
      token: lab.token,
      body: { ...RESULT, reportFileId: secret.id },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.errors).toEqual({ reportFileId: 'File not found' });
    expect((await t.request('GET', secret.url, { token: lab.token })).status).toBe(404);

    // The lab's own report is attached, and kept when the result is saved again.
    const report = await uploadPdf(lab.token);
    const own = await t.request('PUT', `/api/third-lab/update-result?id=${sample.id}`, {
      token: lab.token,
      body: { ...RESULT, reportFileId: report.id },
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    // A colleague who may enter results but not read the lab's files keeps the report on a re-save.
    const colleague = await t.userWith(['CanUpdateResultThirdLab']);
    const again = await t.request('PUT', `/api/third-lab/update-result?id=${sample.id}`, {
      token: colleague.token,
      body: { ...RESULT, notes: 'Checked', reportFileId: report.id },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it("attaches the owner's upload, keeps a colleague's image on a re-save, and copies one the user may read", async () => {
    const alice = await t.userWith(CS_TESTER, 'Alice');
    const bob = await t.userWith(CS_TESTER, 'Bob');
    const photo = await uploadImage(alice.token, 'front.png');
    const created = await t.request('POST', '/api/cs-lab/create', {
      token: alice.token,
      body: { ...SAMPLE_FORM, imageFileIds: [photo.id] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.imageFileIds).toEqual([photo.id]);

    // Bob sees the sample, so he reads Alice's photo, keeps it and adds his own.
    expect((await t.request('GET', photo.url, { token: bob.token })).status).toBe(200);
    const back = await uploadImage(bob.token, 'back.png');
    const edit = await t.request('PUT', `/api/cs-lab/update?id=${created.body.data.id}`, {
      token: bob.token,
      body: { version: created.body.data.version, imageFileIds: [photo.id, back.id] },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.data.imageFileIds).toEqual([photo.id, back.id]);

    // A photo Bob may already read can go on another sample of his.
    const copy = await t.request('POST', '/api/cs-lab/create', {
      token: bob.token,
      body: { ...SAMPLE_FORM, sampleCode: 'SC-002', imageFileIds: [photo.id] },
    });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
  });
});
