import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../support/test-app.ts';

// An anonymous caller must not make the server read (and hold) a large body.

const t = useTestApp();

const MiB = 1024 * 1024;

/**
 * A chunked body of `total` bytes produced on demand, as a client that never declares a length
 * would send it; `pulled()` tells how much of it the server actually read.
 */
function chunkedBody(total: number, prefix = '') {
  const chunk = new Uint8Array(256 * 1024).fill(0x61);
  let sent = 0;
  const head = new TextEncoder().encode(prefix);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0 && head.length) {
        sent += head.length;
        controller.enqueue(head);
        return;
      }
      if (sent >= total) {
        controller.close();
        return;
      }
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => sent };
}

async function send(path: string, body: ReadableStream<Uint8Array>, headers: Record<string, string>) {
  const res = await t.app.request(path, { method: 'POST', headers, body, duplex: 'half' } as RequestInit);
  return { status: res.status, body: (await res.json()) as { result: boolean; message: string } };
}

const multipart = { 'content-type': 'multipart/form-data; boundary=xyz' };

describe('[SECURITY] body limits', () => {
  it('answers an anonymous chunked upload with 401 without reading its body', async () => {
    const body = chunkedBody(
      110 * MiB,
      '--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n\r\n',
    );
    const res = await send('/api/upload', body.stream, multipart);
    expect(res.status).toBe(401);
    expect(body.pulled()).toBeLessThan(MiB);
  });

  it('answers an anonymous body sent with an Idempotency-Key with 401 without reading it', async () => {
    const body = chunkedBody(100 * MiB);
    const res = await send('/api/country', body.stream, {
      'content-type': 'application/json',
      'idempotency-key': 'attacker-key-0001',
    });
    expect(res.status).toBe(401);
    expect(body.pulled()).toBeLessThan(MiB);
  });

  it('cuts a signed-in chunked upload off at its limit instead of reading all of it', async () => {
    const { token } = await t.userWith(['CanUploadFile']);
    const body = chunkedBody(
      200 * MiB,
      '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n',
    );
    const res = await send('/api/upload-file-pdf', body.stream, { ...multipart, authorization: `Bearer ${token}` });
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/larger than 20 MiB/);
    // The upload's own limit (20 MiB and framing) plus what was in flight, not the 200 MiB offered.
    expect(body.pulled()).toBeLessThan(22 * MiB);
  });

  it('refuses a declared Content-Length over the limit before reading', async () => {
    const { token } = await t.userWith(['CanUploadFile']);
    const body = chunkedBody(60 * MiB);
    // The declared length alone decides: nothing of the body is read.
    const res = await send('/api/upload', body.stream, {
      ...multipart,
      authorization: `Bearer ${token}`,
      'content-length': String(60 * MiB),
    });
    expect(res.status).toBe(413);
    // Only what the client had queued before sending (one chunk), never the body itself.
    expect(body.pulled()).toBeLessThan(MiB);
  });

  it('gives public operations small limits of their own', async () => {
    const padding = 'x'.repeat(200 * 1024);
    const signIn = await t.request('POST', '/api/auth', { body: { email: 'admin', password: padding } });
    expect(signIn.status).toBe(413);
    const reset = await t.request('POST', '/api/user/reset-password/confirm', {
      body: { token: padding, newPassword: 'new-password-1' },
    });
    expect(reset.status).toBe(413);
    // A chunked anonymous body to a public operation is cut off near its limit too.
    const body = chunkedBody(50 * MiB, '{"email":"');
    const res = await send('/api/auth', body.stream, { 'content-type': 'application/json' });
    expect(res.status).toBe(413);
    expect(body.pulled()).toBeLessThan(MiB);
  });

  it('cuts a public attachment upload off at one file of 10 MiB', async () => {
    const body = chunkedBody(
      100 * MiB,
      '--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n\r\n',
    );
    const res = await send('/api/sample-submit-form/attachments', body.stream, multipart);
    expect(res.status).toBe(413);
    expect(body.pulled()).toBeLessThan(11 * MiB);
  });
});
