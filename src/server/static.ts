import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { createRouter } from './app.ts';

/**
 * Serves the built app with history fallback: any GET outside /api that is not a file answers
 * index.html, so deep links and reloads work. The service worker and the HTML are never cached by
 * the browser, so a new version is found on the next visit; hashed assets are cached for a year.
 */
export function registerStaticApp(app: ReturnType<typeof createRouter>, staticDir: string) {
  const root = path.resolve(staticDir);
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) return;
  const indexHtml = readFileSync(indexFile, 'utf8');

  app.use(
    '*',
    serveStatic({
      root: path.relative(process.cwd(), root) || '.',
      onFound: (filePath, c) => {
        if (filePath.endsWith('sw.js') || filePath.endsWith('.html') || filePath.endsWith('.webmanifest')) {
          c.header('cache-control', 'no-cache');
        } else if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          c.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    }),
  );
  app.get('*', async (c, next) => {
    if (c.req.path.startsWith('/api/')) return next();
    c.header('cache-control', 'no-cache');
    return c.html(indexHtml);
  });
}
