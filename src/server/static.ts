import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
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

/**
 * Serves the built app. Text files go as the brotli or gzip copy made at build time (vite.config.ts)
 * when the browser accepts it, with `Content-Encoding` and `Vary: Accept-Encoding`. Any other GET
 * outside /api answers index.html (history fallback, so deep links and reloads work), except a path
 * naming a file that is not there: that is a 404, so a missing script never runs the app's page.
 */
export function registerStaticApp(app: AppRouter, staticDir: string) {
  const root = path.resolve(staticDir);
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) return;
  const indexHtml = readFileSync(indexFile, 'utf8');

  const serveFile = serveStatic({ root, precompressed: true });
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
