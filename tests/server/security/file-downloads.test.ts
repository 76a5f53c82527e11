import { describe, expect, it } from 'vitest';
import { storedFile } from '../../../src/server/db/schema.ts';
import { useTestApp } from '../support/test-app.ts';

// An uploaded "poly.html" (bytes that are a GIF and a web page at once) kept its name and
// was served inline under it; saved, it opens as a page. A stored file is shown in the browser only
// when it is an image or a PDF, under a name whose extension is its type; anything else downloads.

const t = useTestApp();

const polyglot = Buffer.concat([
  Buffer.from('GIF89a'),
  Buffer.from('0100010080000000', 'hex'),
  Buffer.from('<html><body><script>fetch("/api/users").then(r=>r.text()).then(alert)</script></body></html>'),
]);

describe('[SECURITY] file downloads', () => {
  it('serves an image uploaded as poly.html inline as a GIF, never under its .html name', async () => {
    const { token } = await t.userWith(['CanUploadFile']);
    const form = new FormData();
    form.append('files', new File([new Uint8Array(polyglot)], 'poly.html', { type: 'text/html' }));
    const upload = await t.request('POST', '/api/upload', { token, form });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const file = upload.body.data[0];
    expect(file.mimeType).toBe('image/gif');

    const res = await t.request('GET', file.url, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^inline; filename="poly\.gif"/);
    expect(disposition).not.toContain('html');
  });

  it('keeps an image or PDF name whose extension fits its type', async () => {
    const { token } = await t.userWith(['CanUploadFile']);
    const form = new FormData();
    form.append('file', new File([Buffer.from('%PDF-1.4\n%%EOF\n')], 'Kết quả.PDF'));
    const upload = await t.request('POST', '/api/upload-file-pdf', { token, form });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const res = await t.request('GET', upload.body.data.url, { token });
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="K_t qu_.PDF"; filename*=UTF-8''${encodeURIComponent('Kết quả.PDF')}`,
    );
  });

  it('sends any other stored file as a download of bytes, never inline', async () => {
    const owner = await t.userWith([]);
    const html = Buffer.from('<script>alert(document.domain)</script>');
    // A file kept before the upload rules read types from the bytes, or of a type they do not show.
    const [page] = await t.database.db
      .insert(storedFile)
      .values({
        name: 'report.html',
        mimeType: 'text/html',
        size: html.length,
        kind: 'pdf',
        data: html,
        uploadedBy: owner.id,
      })
      .returning();
    const res = await t.request('GET', `/api/files/${page!.id}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="report\.bin"/);
    expect(disposition).not.toContain('html');
  });
});
