import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppRouter } from './http/context.ts';

/**
 * Serves the built app with history fallback: any GET outside /api that is not a file answers
 * index.html, so deep links and reloads work. The service worker and the HTML are never cached by
 * the browser, so a new version is found on the next visit; hashed assets are cached for a year.
 */
export function registerStaticApp(app: AppRouter, staticDir: string) {
  const root = path.resolve(staticDir);
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) return;
  const indexHtml = readFileSync(indexFile, 'utf8');

  const serveFile = serveStatic({ root });
  app.use('*', async (c, next) => {
    if (c.req.path.startsWith('/api/')) return next();
    // serveStatic RETURNS the file's response (c.res is not set); undefined when it fell through to next().
    const served = await serveFile(c, next);
    if (!served) return;
    if (served.status !== 200) return served;
    const file = c.req.path;
    const policy =
      file === '/' || file === '/sw.js' || file.endsWith('.html') || file.endsWith('.webmanifest')
        ? 'no-cache'
        : file.startsWith('/assets/')
          ? 'public, max-age=31536000, immutable'
          : undefined;
    if (!policy) return served;
    // The file response's headers are immutable: answer a copy carrying the cache policy.
    const headers = new Headers(served.headers);
    headers.set('cache-control', policy);
    return new Response(served.body, { status: served.status, headers });
  });
  app.get('*', async (c, next) => {
    if (c.req.path.startsWith('/api/')) return next();
    c.header('cache-control', 'no-cache');
    return c.html(indexHtml);
  });
}
