import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/test-app.ts';

const t = useTestApp();

const MiB = 1024 * 1024;

// Smallest byte patterns the type sniffer recognises, padded like a real file.
const bytes = {
  png: Buffer.concat([
    Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
    Buffer.alloc(64),
  ]),
  jpeg: Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), Buffer.alloc(64)]),
  gif: Buffer.concat([Buffer.from('GIF89a'), Buffer.from('0100010080000000', 'hex'), Buffer.alloc(64)]),
  webp: Buffer.concat([Buffer.from('RIFF'), Buffer.from('24000000', 'hex'), Buffer.from('WEBPVP8 '), Buffer.alloc(64)]),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  text: Buffer.from('just some text pretending to be an image'),
};

function fileOf(data: Buffer, name: string, type: string): File {
  return new File([new Uint8Array(data)], name, { type });
}

function formWith(field: string, files: File[]): FormData {
  const form = new FormData();
  for (const file of files) form.append(field, file);
  return form;
}

describe('[UPLOADS] images', () => {
  it('stores JPEG, PNG, WebP and GIF images and serves them back', async () => {
    const { token } = await t.userWith(['CanUploadFile']);
    const files = [
      fileOf(bytes.jpeg, 'sample front.jpg', 'image/jpeg'),
      fileOf(bytes.png, 'label.png', 'image/png'),
      fileOf(bytes.webp, 'bag.webp', 'image/webp'),
      // The declared type is ignored: the bytes say GIF.
      fileOf(bytes.gif, 'Ảnh mẫu.gif', 'application/octet-stream'),
    ];
    const res = await t.request('POST', '/api/upload', { token, form: formWith('files', files) });
    expect(res.status).toBe(201);
    expect(res.body.result).toBe(true);
    expect(res.body.data.map((f: { mimeType: string }) => f.mimeType)).toEqual([
      'image/jpeg',
      'image/png',
      'image/webp',
      'image/gif',
    ]);
    const gif = res.body.data[3];
    expect(gif).toMatchObject({ name: 'Ảnh mẫu.gif', size: bytes.gif.length, url: `/api/files/${gif.id}` });

    // The uploader reads it back; someone else, with no record holding it, is told it does not exist.
    const stranger = await t.userWith([]);
    expect((await t.request('GET', gif.url, { token: stranger.token })).status).toBe(404);
    const served = await t.request('GET', gif.url, { token });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/gif');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('Ảnh mẫu.gif')}`,
    );
    expect(Buffer.from(await served.raw.arrayBuffer()).equals(bytes.gif)).toBe(true);
  });

  it('accepts a single file field too', async () => {
    const { token } = await t.userWith(['CanUploadFile']);
    const res = await t.request('POST', '/api/upload', {
      token,
      form: formWith('files', [fileOf(bytes.png, 'one.png', 'image/png')]),
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toHaveLength(1);
  });

  it('refuses what is not an image by its bytes with 415, storing nothing', async () => {
    const { token } = await t.userWith(['CanUploadFile']);
    for (const [data, name] of [
      [bytes.text, 'fake.png'],
      [bytes.svg, 'drawing.svg'],
      [bytes.pdf, 'result.jpg'],
    ] as const) {
      const res = await t.request('POST', '/api/upload', {
        token,
        form: formWith('files', [fileOf(bytes.png, 'good.png', 'image/png'), fileOf(data, name, 'image/png')]),
      });
      expect(res.status, name).toBe(415);
      expect(res.body).toMatchObject({
        result: false,
        errors: { files: 'Only JPEG, PNG, WebP or GIF images are accepted.' },
      });
    }
    const count = await t.database.db.execute('SELECT count(*)::int AS n FROM stored_file');
    const rows = (Array.isArray(count) ? count : (count as { rows: { n: number }[] }).rows) as { n: number }[];
    expect(rows[0]!.n).toBe(0);
  });

  it('refuses an image over 5 MiB and more than 10 images with 413', async () => {
    const { token } = await t.userWith(['CanUploadFile']);
    const big = Buffer.concat([bytes.png, Buffer.alloc(5 * MiB)]);
    const tooBig = await t.request('POST', '/api/upload', {
      token,
      form: formWith('files', [fileOf(big, 'big.png', 'image/png')]),
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe('big.png is larger than 5 MiB.');
    const eleven = Array.from({ length: 11 }, (_, i) => fileOf(bytes.png, `p${i}.png`, 'image/png'));
    const tooMany = await t.request('POST', '/api/upload', { token, form: formWith('files', eleven) });
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.message).toBe('At most 10 images can be uploaded at once.');
  });

  it('answers an empty or malformed upload with 400 and a wrong content type with 415', async () => {
    const { token } = await t.userWith(['CanUploadFile']);
    const empty = await t.request('POST', '/api/upload', { token, form: new FormData() });
    expect(empty.status).toBe(400);
    expect(empty.body.result).toBe(false);
    const text = new FormData();
    text.append('files', 'not a file');
    expect((await t.request('POST', '/api/upload', { token, form: text })).status).toBe(400);
    const malformed = await t.app.request('/api/upload', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=xyz' },
      body: 'this is not multipart at all',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ result: false });
    const json = await t.request('POST', '/api/upload', { token, body: { files: [] } });
    expect(json.status).toBe(415);
  });

  it('needs CanUploadFile', async () => {
    const { token } = await t.userWith(['CanUploaPdfResult']);
    const res = await t.request('POST', '/api/upload', {
      token,
      form: formWith('files', [fileOf(bytes.png, 'a.png', 'image/png')]),
    });
    expect(res.status).toBe(403);
  });
});

describe('[UPLOADS] PDF results', () => {
  it('stores a PDF for holders of CanUploaPdfResult or CanUploadFile', async () => {
    for (const permission of ['CanUploaPdfResult', 'CanUploadFile'] as const) {
      const { token } = await t.userWith([permission]);
      const form = new FormData();
      form.append('file', fileOf(bytes.pdf, 'result "C H O".pdf', 'application/pdf'));
      const res = await t.request('POST', '/api/upload-file-pdf', { token, form });
      expect(res.status, permission).toBe(201);
      expect(res.body.data).toMatchObject({
        name: 'result C H O.pdf',
        mimeType: 'application/pdf',
        size: bytes.pdf.length,
      });
      const served = await t.request('GET', res.body.data.url, { token });
      expect(served.headers.get('content-type')).toBe('application/pdf');
      expect(served.headers.get('content-disposition')).toMatch(/^inline; filename="result C H O.pdf"/);
    }
  });

  it('refuses an image, a missing file and a PDF over 20 MiB', async () => {
    const { token } = await t.userWith(['CanUploaPdfResult']);
    const image = new FormData();
    image.append('file', fileOf(bytes.png, 'result.pdf', 'application/pdf'));
    const wrong = await t.request('POST', '/api/upload-file-pdf', { token, form: image });
    expect(wrong.status).toBe(415);
    expect(wrong.body.errors).toEqual({ file: 'Only PDF files are accepted.' });
    expect((await t.request('POST', '/api/upload-file-pdf', { token, form: new FormData() })).status).toBe(400);

    // Over the route's limit: refused while the body streams in, before it is parsed.
    const huge = new FormData();
    huge.append('file', fileOf(Buffer.concat([bytes.pdf, Buffer.alloc(21 * MiB)]), 'huge.pdf', 'application/pdf'));
    const tooLarge = await t.request('POST', '/api/upload-file-pdf', { token, form: huge });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.result).toBe(false);
  });
});

describe('[UPLOADS] serving files', () => {
  it('needs a signed-in user and a real file id', async () => {
    const { token } = await t.userWith([]);
    expect((await t.request('GET', '/api/files/7c9e6679-7425-40de-944b-e07fc1f90ae7')).status).toBe(401);
    expect((await t.request('GET', '/api/files/7c9e6679-7425-40de-944b-e07fc1f90ae7', { token })).status).toBe(404);
    expect((await t.request('GET', '/api/files/not-a-uuid', { token })).status).toBe(400);
  });
});

describe('[UPLOADS] body limits', () => {
  it('refuses a JSON body over 2 MiB with 413 on any route', async () => {
    const admin = await t.signInAsAdmin();
    const res = await t.request('POST', '/api/country', {
      token: admin,
      body: JSON.stringify({ code: 'ZZ', name: 'x'.repeat(3 * MiB) }),
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ result: false });
  });
});
