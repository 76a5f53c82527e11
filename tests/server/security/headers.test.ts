import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/test-app.ts';

// The browser's own defences are switched on for every answer.

const staticDir = mkdtempSync(path.join(tmpdir(), 'isotope-static-'));
writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Isotope Lab</title><div id="root"></div>');
writeFileSync(path.join(staticDir, 'sw.js'), 'self.addEventListener("install", () => {});');

const t = useTestApp({ STATIC_DIR: staticDir, TRUSTED_PROXIES: '1' });

function directives(csp: string | null): Map<string, string[]> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('[SECURITY] browser security headers', () => {
  it('every answer carries them: the app, the API, an error, a file', async () => {
    const admin = await t.signInAsAdmin();
    for (const [path, token] of [
      ['/', undefined],
      ['/settings/accounts', undefined],
      ['/sw.js', undefined],
      ['/api/country', admin],
      ['/api/country', undefined],
      ['/api/nowhere', undefined],
    ] as const) {
      const res = await t.request('GET', path, { token });
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp.get('default-src'), path).toEqual(["'self'"]);
      expect(csp.get('script-src'), path).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
      // The service worker and the API stay on this origin.
      expect(csp.get('worker-src'), path).toEqual(["'self'"]);
      expect(csp.get('connect-src'), path).toEqual(["'self'"]);
      // The camera (QR scanning) for the app itself only.
      expect(res.headers.get('permissions-policy'), path).toContain('camera=(self)');
      expect(res.headers.get('permissions-policy'), path).toContain('microphone=()');
    }
  });

  it('the app shell at / is never served from a stale cache', async () => {
    const root = await t.request('GET', '/');
    expect(root.status).toBe(200);
    expect(root.headers.get('cache-control')).toBe('no-cache');
  });

  it('HSTS only when the request came over TLS', async () => {
    expect((await t.request('GET', '/api/country')).headers.get('strict-transport-security')).toBeNull();
    const direct = await t.app.request('https://lab.example/api/nowhere');
    expect(direct.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
    // Behind the one trusted proxy, its X-Forwarded-Proto says so.
    const proxied = await t.request('GET', '/api/nowhere', { headers: { 'x-forwarded-proto': 'https' } });
    expect(proxied.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
  });
});
