/**
 * Lighthouse (mobile profile, performance only) on the public pages a bench tablet or a customer
 * opens first, the sign-in page and the order form, and on one signed-in list (/bookings, as the
 * administrator, the session stored the way the app stores it after a sign-in). The app is built with the project's own Vite
 * config and served by the real server (compression, caching) on a throw-away PGlite database;
 * Chromium is Debian's (/usr/bin/chromium). Each page runs LIGHTHOUSE_RUNS times (default 3) and
 * the median is reported. Not part of CI: a score is a timing, and timings belong here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { build } from 'vite';
import { parseEnv } from '../src/server/env.ts';
import { createLogger } from '../src/server/logger.ts';
import { bootServer } from '../src/server/server.ts';
import type { BenchRow } from './run.ts';

const root = path.resolve(import.meta.dirname, '..');
const ADMIN = { email: 'admin@isotope.lab', password: 'bench-password-1' };
const PAGES = [
  { name: 'the sign-in page', path: '/auth/login', goal: 95, signedIn: false },
  { name: 'the order form', path: '/booking/isotope-submittal-form', goal: 95, signedIn: false },
  { name: 'the bookings list, signed in', path: '/bookings', goal: 90, signedIn: true },
];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** Google's "good" largest contentful paint on the mobile profile. */
const GOOD_LCP_MS = 2500;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** A port nothing listens on now (the server's settings need one before it starts). */
function freePort() {
  return new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startServer(staticDir: string, dataDir: string) {
  const port = await freePort();
  const env = parseEnv({
    NODE_ENV: 'production',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    STATIC_DIR: staticDir,
    LOG_LEVEL: 'silent',
  });
  const { app, database } = await bootServer(env, createLogger(env));
  return new Promise<{ url: string; close: () => Promise<void> }>((resolve) => {
    const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () => new Promise<void>((done) => server.close(() => void database.close().finally(done))),
      });
    });
  });
}

/**
 * A fresh profile for the origin (no cache, no service worker, no storage) holding a signed-in
 * session: Lighthouse then runs without its own storage reset, which would sign the user out.
 */
async function prepareSignedIn(browser: Browser, origin: string) {
  const answer = await fetch(`${origin}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  if (!answer.ok) throw new Error(`sign-in for Lighthouse failed: ${answer.status}`);
  type Login = { data: { accessToken: string; refreshToken: string; user: unknown } };
  const login = (await answer.json()) as Login;
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  await page.goto(`${origin}/robots.txt`);
  await page.evaluate((stored: Login) => {
    localStorage.setItem('access_token', stored.data.accessToken);
    localStorage.setItem('refresh_token', stored.data.refreshToken);
    localStorage.setItem('user', JSON.stringify(stored));
    localStorage.setItem('user_info', JSON.stringify(stored.data.user));
  }, login);
  await page.close();
}

export default async function lighthouseBench(): Promise<BenchRow[]> {
  const work = mkdtempSync(path.join(tmpdir(), 'isotope-lighthouse-'));
  const staticDir = path.join(work, 'dist');
  await build({ configFile: path.join(root, 'vite.config.ts'), root, logLevel: 'error', build: { outDir: staticDir } });
  const server = await startServer(staticDir, path.join(work, 'data'));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const rows: BenchRow[] = [];
  try {
    for (const page of PAGES) {
      const scores: number[] = [];
      const lcps: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        if (page.signedIn) await prepareSignedIn(browser, server.url);
        const result = await lighthouse(`${server.url}${page.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          disableStorageReset: page.signedIn,
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${page.path}`);
        scores.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
        lcps.push(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN);
      }
      rows.push(
        {
          name: `Lighthouse mobile performance, ${page.name} (median of ${RUNS}; goal ${page.goal})`,
          baseline: { label: 'a perfect score', value: 100 },
          value: median(scores),
          unit: 'points',
        },
        {
          name: `largest contentful paint, ${page.name} (Lighthouse mobile, median of ${RUNS})`,
          baseline: { label: 'the good-LCP limit', value: GOOD_LCP_MS },
          value: median(lcps),
          unit: 'ms',
          targetRatio: 1,
        },
      );
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
  return rows;
}
