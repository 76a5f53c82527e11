/**
 * Bundle budget: the JavaScript a browser downloads to show the sign-in screen (gzip), as a ratio
 * to a baseline built in the same run: React and React DOM rendering one element, nothing else.
 * The app is built with the project's own Vite config; the sign-in route's initial JS is what
 * Chromium actually fetches to render /auth/login, so lazy chunks count only when that route needs them.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { replacementRows } from './replacements.ts';
import type { BenchRow } from './run.ts';

const root = path.resolve(import.meta.dirname, '..');
const work = path.join(root, '.tmp', 'bench-bundle');

const gzipSize = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

function jsFilesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return jsFilesUnder(full);
    return name.endsWith('.js') ? [full] : [];
  });
}

async function buildBaseline(): Promise<number> {
  const baselineRoot = path.join(work, 'baseline-src');
  mkdirSync(baselineRoot, { recursive: true });
  writeFileSync(
    path.join(baselineRoot, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>',
  );
  writeFileSync(
    path.join(baselineRoot, 'main.js'),
    "import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\n" +
      "createRoot(document.getElementById('root')).render(createElement('p', null, 'baseline'));\n",
  );
  const outDir = path.join(work, 'baseline-dist');
  await build({
    configFile: false,
    root: baselineRoot,
    logLevel: 'error',
    resolve: { alias: {} },
    build: { outDir, emptyOutDir: true },
  });
  return jsFilesUnder(outDir).reduce((sum, file) => sum + gzipSize(readFileSync(file)), 0);
}

async function buildApp(): Promise<string> {
  const outDir = path.join(work, 'app-dist');
  await build({
    configFile: path.join(root, 'vite.config.ts'),
    root,
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

const types: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};

/** Serves the build with history fallback, answering /api with 404 (the sign-in screen needs no data). */
function serveBuild(dir: string) {
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://bench').pathname);
    const file = path.join(dir, pathname);
    if (pathname.startsWith('/api/')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"result":false,"message":"Not found"}');
    } else if (file.startsWith(dir) && existsSync(file) && statSync(file).isFile()) {
      response.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
      response.end(readFileSync(file));
    } else {
      response.writeHead(200, { 'content-type': 'text/html' }).end(readFileSync(path.join(dir, 'index.html')));
    }
  });
  return new Promise<{ url: string; close: () => void }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    });
  });
}

async function measureSignInRoute(dir: string): Promise<{ bytes: number; files: string[] }> {
  const served = await serveBuild(dir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    // No service worker: it would precache every chunk, which is not what the route needs.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
    });
    await page.goto(`${served.url}/auth/login`);
    await page.getByRole('button', { name: 'Login' }).waitFor();
    await page.waitForLoadState('networkidle');
    const files = [...scripts].sort();
    const bytes = files.reduce((sum, file) => sum + gzipSize(readFileSync(path.join(dir, file))), 0);
    return { bytes, files };
  } finally {
    await browser.close();
    served.close();
  }
}

/** Stays under this ratio: the sign-in screen must not drag the staff app's code along. */
const TARGET_RATIO = 4.5;

export default async function bundleBench(): Promise<BenchRow[]> {
  rmSync(work, { recursive: true, force: true });
  const baseline = await buildBaseline();
  const appDir = await buildApp();
  const signIn = await measureSignInRoute(appDir);
  return [
    {
      name: `initial JS of /auth/login, gzip (${signIn.files.length} scripts)`,
      baseline: { label: 'react + react-dom alone', value: baseline / 1024 },
      value: signIn.bytes / 1024,
      unit: 'kB',
      targetRatio: TARGET_RATIO,
    },
    ...(await replacementRows()),
  ];
}
