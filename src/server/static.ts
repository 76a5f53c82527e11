import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from 'hono/serve-static';
import type { AppRouter } from './http/context.ts';

/** Hashed build output: a new version has new names, so a browser may keep these for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The HTML, the service worker and the manifest: always asked again, so a new version is found. */
function neverStale(file: string) {
  return file === '/' || file === '/sw.js' || file.endsWith('.html') || file.endsWith('.webmanifest');
}

/** A path naming a file (`/x.js`, `/favicon.ico`); certificate codes are opaque and never one. */
function namesFile(file: string) {
  return !file.startsWith('/certificate/') && /\.[a-z0-9]+$/i.test(file);
}

/** Every file under `root` by its URL path (`/assets/x.js`), read once. */
function readBuild(root: string): Map<string, Uint8Array<ArrayBuffer>> {
  const files = new Map<string, Uint8Array<ArrayBuffer>>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(`/${path.relative(root, file).split(path.sep).join('/')}`, new Uint8Array(readFileSync(file)));
  }
  return files;
}

export type StaticApp = {
  files: Map<string, Uint8Array<ArrayBuffer>>;
  indexHtml: string;
  /**
   * The page's own inline scripts as CSP hash sources (`'sha256-…'`): the build writes one that
   * fetches the first page's code and texts beside the entry (scripts/first-page-preload.ts), and
   * the policy allows exactly these, no other inline script.
   */
  inlineScripts: string[];
};

/** The built app in `staticDir`, read once; undefined when there is none (an API-only server). */
export function readStaticApp(staticDir: string): StaticApp | undefined {
  const root = path.resolve(staticDir);
  if (!existsSync(path.join(root, 'index.html'))) return undefined;
  const files = readBuild(root);
  const indexHtml = new TextDecoder().decode(files.get('/index.html'));
  return { files, indexHtml, inlineScripts: inlineScriptHashes(indexHtml) };
}

/** The CSP hash source of each inline `<script>` (one without `src`) in the page. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes ?? ''))
    .map(
      ([, , body]) =>
        `'sha256-${createHash('sha256')
          .update(body ?? '', 'utf8')
          .digest('base64')}'`,
    );
}

/**
 * Serves the built app. Text files go as the brotli or gzip copy made at build time (vite.config.ts)
 * when the browser accepts it, with `Content-Encoding` and `Vary: Accept-Encoding`. Any other GET
 * outside /api answers index.html (history fallback, so deep links and reloads work), except a path
 * naming a file that is not there: that is a 404, so a missing script never runs the app's page.
 *
 * The build is read into memory once, at start (a few megabytes; it does not change under a running
 * server, whose index.html is read once too). A file is then answered in the turn its request
 * arrives, with no trip to the disk through Node's thread pool: on a busy server (PGlite answering
 * list searches) each such trip waited its turn again behind the other requests' work.
 */
export function registerStaticApp(app: AppRouter, { files, indexHtml }: StaticApp) {
  // Hono's own static middleware (content type, the precompressed copies, unsafe paths refused),
  // given the files in memory; the request's decoded path is the map's key.
  const serveFile = serveStatic({
    root: '/',
    precompressed: true,
    join: (_root, file) => file,
    getContent: async (file) => files.get(file) ?? null,
  });
  app.use('*', async (c, next) => {
    if (c.req.path.startsWith('/api/')) return next();
    // serveStatic RETURNS the file's response (c.res is not set); undefined when it fell through to next().
    const served = await serveFile(c, next);
    if (!served) return;
    if (served.status !== 200) return served;
    const file = c.req.path;
    const policy = neverStale(file) ? 'no-cache' : file.startsWith('/assets/') ? IMMUTABLE : undefined;
    if (!policy) return served;
    // The file response's headers are immutable: answer a copy carrying the cache policy.
    const headers = new Headers(served.headers);
    headers.set('cache-control', policy);
    return new Response(served.body, { status: served.status, headers });
  });
  app.get('*', async (c, next) => {
    if (c.req.path.startsWith('/api/') || namesFile(c.req.path)) return next();
    c.header('cache-control', 'no-cache');
    return c.html(indexHtml);
  });
}
