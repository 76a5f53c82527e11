import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AppRouter } from '../http/context.ts';
import { notFound } from '../errors.ts';

const require = createRequire(import.meta.url);
const swaggerDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Isotope Lab API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="docs"></div><script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/start.js"></script></body></html>`;

const start = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#docs', deepLinking: true });`;

/** The API reference, served from the installed swagger-ui-dist package: no network needed. */
export function registerDocsRoutes(app: AppRouter, document: () => unknown) {
  app.get('/api/openapi.json', (c) => c.json(document()));
  app.get('/api/docs', (c) => c.html(page));
  app.get('/api/docs/assets/start.js', (c) => c.body(start, 200, { 'content-type': 'text/javascript; charset=utf-8' }));
  app.get('/api/docs/assets/:file', async (c) => {
    const file = c.req.param('file');
    const type = ASSETS[file];
    if (!type) throw notFound('fileNotFound');
    const body = await readFile(path.join(swaggerDir, file));
    return c.body(body, 200, { 'content-type': type, 'cache-control': 'public, max-age=86400' });
  });
}
