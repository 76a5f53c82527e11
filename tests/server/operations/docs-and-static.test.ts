import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/test-app.ts';

const staticDir = mkdtempSync(path.join(tmpdir(), 'isotope-static-'));
writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Isotope Lab</title><div id="root"></div>');
writeFileSync(path.join(staticDir, 'sw.js'), 'self.addEventListener("install", () => {});');
mkdirSync(path.join(staticDir, 'assets'));
writeFileSync(path.join(staticDir, 'assets', 'app-abc123.js'), 'console.log(1)');

const t = useTestApp({ STATIC_DIR: staticDir });

describe('[DOCS] API reference', () => {
  it('serves the OpenAPI document and a reference page from local assets', async () => {
    const doc = await t.request('GET', '/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe('3.1.0');
    expect(doc.body.paths['/api/auth'].post).toBeDefined();

    const page = await t.request('GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(page.body).toContain('/api/docs/assets/swagger-ui-bundle.js');
    expect(page.body).not.toMatch(/https?:\/\//);
    const bundle = await t.request('GET', '/api/docs/assets/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toContain('javascript');
    expect((await t.request('GET', '/api/docs/assets/..%2Fpackage.json')).status).toBe(404);
  });
});

describe('[STATIC] the built app', () => {
  it('serves files, falls back to index.html for app routes, and never for /api', async () => {
    const deep = await t.request('GET', '/settings/accounts');
    expect(deep.status).toBe(200);
    expect(deep.body).toContain('<div id="root">');

    const sw = await t.request('GET', '/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');

    const asset = await t.request('GET', '/assets/app-abc123.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');

    const api = await t.request('GET', '/api/no-such-thing');
    expect(api.status).toBe(404);
    expect(api.body).toMatchObject({ result: false });
  });

  it('answers an unknown API path with JSON and a request id', async () => {
    const res = await t.request('POST', '/api/nothing-here', { body: {} });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });
});
