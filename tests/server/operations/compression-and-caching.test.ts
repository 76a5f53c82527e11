import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/test-app.ts';

// A build as vite.config.ts makes it: each text file beside its brotli and gzip copies.
const staticDir = mkdtempSync(path.join(tmpdir(), 'isotope-send-less-'));
const script = `console.log(${JSON.stringify('a bench tablet '.repeat(200))});`;
writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Isotope Lab</title><div id="root"></div>');
writeFileSync(path.join(staticDir, 'sw.js'), 'self.addEventListener("install", () => {});');
writeFileSync(path.join(staticDir, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
mkdirSync(path.join(staticDir, 'assets'));
writeFileSync(path.join(staticDir, 'assets', 'entry-abc123.js'), script);
writeFileSync(path.join(staticDir, 'assets', 'entry-abc123.js.br'), brotliCompressSync(script));
writeFileSync(path.join(staticDir, 'assets', 'entry-abc123.js.gz'), gzipSync(script));

const t = useTestApp({ STATIC_DIR: staticDir });
const accepting = (encodings: string) => ({ headers: { 'accept-encoding': encodings } });

describe('[SEND LESS] built files', () => {
  it('sends the brotli copy to a browser that accepts it, the gzip copy to one that accepts only gzip', async () => {
    const br = await t.request('GET', '/assets/entry-abc123.js', accepting('gzip, deflate, br'));
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(br.headers.get('content-type')).toContain('javascript');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const gzip = await t.request('GET', '/assets/entry-abc123.js', accepting('gzip'));
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.raw.arrayBuffer())).toString()).toBe(script);

    const plain = await t.request('GET', '/assets/entry-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.body).toBe(script);
  });

  it('never lets the browser keep the page or the service worker', async () => {
    for (const file of ['/', '/index.html', '/sw.js', '/bookings']) {
      const res = await t.request('GET', file, accepting('gzip, br'));
      expect(res.status, file).toBe(200);
      expect(res.headers.get('cache-control'), file).toBe('no-cache');
    }
  });

  it('answers a missing file with 404, not the app page; app paths and certificate codes still get the page', async () => {
    for (const file of ['/x.js', '/assets/gone-123.js', '/favicon.ico', '/settings/missing.css']) {
      const res = await t.request('GET', file);
      expect(res.status, file).toBe(404);
      expect(String(res.headers.get('content-type')), file).not.toContain('text/html');
    }
    for (const file of ['/settings/accounts', '/certificate/Ab-9_x', '/booking/isotope-submittal-form']) {
      const res = await t.request('GET', file);
      expect(res.status, file).toBe(200);
      expect(res.body, file).toContain('<div id="root">');
    }
  });

  it('serves robots.txt as a text file, not the app page', async () => {
    const res = await t.request('GET', '/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(res.body).toContain('User-agent');
  });
});

describe('[SEND LESS] API answers', () => {
  it('gzips a JSON answer above 1 kB for a client that accepts it, and leaves a small one as it is', async () => {
    const big = await t.request('GET', '/api/openapi.json', { headers: { 'accept-encoding': 'gzip' } });
    expect(big.headers.get('content-encoding')).toBe('gzip');
    expect(big.headers.get('vary')).toContain('Accept-Encoding');
    const document = JSON.parse(gunzipSync(Buffer.from(await big.raw.arrayBuffer())).toString()) as { openapi: string };
    expect(document.openapi).toBe('3.1.0');

    const small = await t.request('GET', '/api/no-such-thing', { headers: { 'accept-encoding': 'gzip' } });
    expect(small.status).toBe(404);
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.body).toMatchObject({ result: false });
  });

  it('never compresses the notification stream, so each event arrives when it is sent', async () => {
    const token = await t.signInAsAdmin();
    const stream = await t.app.request('/api/notification/stream', {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, br' },
    });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.headers.get('content-encoding')).toBeNull();
    await stream.body?.cancel();
  });
});
