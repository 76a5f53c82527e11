import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../../src/server/static.ts';
import { useTestApp } from '../support/test-app.ts';

// The built page starts with one inline script (it fetches the first page's code and texts beside
// the entry, scripts/first-page-preload.ts): the policy allows exactly it, by its hash, and no other.

const preload = '(function(){document.head.dataset.first="page"})();';
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const staticDir = mkdtempSync(path.join(tmpdir(), 'isotope-static-'));
writeFileSync(
  path.join(staticDir, 'index.html'),
  `<!doctype html><head><script>${preload}</script><script type="module" crossorigin src="/assets/index-a1.js"></script>` +
    '<title>Isotope Lab</title></head><div id="root"></div>',
);

const t = useTestApp({ STATIC_DIR: staticDir });

describe("[SECURITY] the page's own inline script", () => {
  it('is allowed by its hash on every answer, and nothing else inline is', async () => {
    for (const at of ['/', '/booking/isotope-submittal-form', '/api/country']) {
      const res = await t.request('GET', at);
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
      expect(scriptSrc?.trim().split(/\s+/), at).toEqual(["'self'", sha256(preload)]);
    }
  });

  it('hashes inline scripts only, exactly as written', () => {
    expect(
      inlineScriptHashes(
        `<script>${preload}</script><script type="module" src="/x.js"></script><SCRIPT>
a()</SCRIPT>`,
      ),
    ).toEqual([sha256(preload), sha256('\na()')]);
    expect(inlineScriptHashes('<div id="root"></div>')).toEqual([]);
  });
});
