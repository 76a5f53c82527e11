/**
 * What the browser benches share: the app built with the project's own Vite config, served by the
 * real server (compression, caching) on a throw-away PGlite database, and a signed-in session stored
 * the way the app stores it after a sign-in. Chromium is Debian's (/usr/bin/chromium).
 */
import { createServer } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import type { Browser } from 'puppeteer-core';
import { build } from 'vite';
import type { Database } from '../src/server/db/client.ts';
import { parseEnv } from '../src/server/env.ts';
import { LAB_TIME_ZONE_KEY } from '../src/app/lib/words/lab-time-zone.ts';
import { createLogger } from '../src/server/logger.ts';
import { bootServer } from '../src/server/server.ts';

const root = path.resolve(import.meta.dirname, '..');
const BENCH_ADMIN = { email: 'admin@isotope.lab', password: 'bench-password-1' };
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export type SignIn = { data: { accessToken: string; refreshToken: string; user: unknown } };

/** Builds the app into `outDir` as `npm run build` does. */
export async function buildApp(outDir: string): Promise<void> {
  await build({ configFile: path.join(root, 'vite.config.ts'), root, logLevel: 'error', build: { outDir } });
}

/** A port nothing listens on now (the server's settings need one before it starts). */
function freePort() {
  return new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export type AppServer = { url: string; database: Database; close: () => Promise<void> };

export async function startAppServer(staticDir: string, dataDir: string): Promise<AppServer> {
  const port = await freePort();
  const env = parseEnv({
    NODE_ENV: 'production',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    STATIC_DIR: staticDir,
    LOG_LEVEL: 'silent',
  });
  const { app, database } = await bootServer(env, createLogger(env));
  return new Promise<AppServer>((resolve) => {
    const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        database,
        close: () => new Promise<void>((done) => server.close(() => void database.close().finally(done))),
      });
    });
  });
}

/** Signs the bench's administrator in through the API. */
async function signIn(origin: string): Promise<SignIn> {
  const answer = await fetch(`${origin}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_ADMIN.email, password: BENCH_ADMIN.password }),
  });
  if (!answer.ok) throw new Error(`sign-in for the bench failed: ${answer.status}`);
  return (await answer.json()) as SignIn;
}

/**
 * A fresh profile for the origin (no cache, no service worker, no storage) holding a signed-in
 * session, stored where the app keeps it after a sign-in.
 */
export async function prepareSignedIn(browser: Browser, origin: string): Promise<SignIn> {
  const login = await signIn(origin);
  // The sign-in page learned the laboratory's time zone as it started.
  const config = (await (await fetch(`${origin}/api/app-config`)).json()) as { data: { labTimeZone: string } };
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  await page.goto(`${origin}/robots.txt`);
  await page.evaluate(
    (stored: SignIn, zoneKey: string, labTimeZone: string) => {
      localStorage.setItem('access_token', stored.data.accessToken);
      localStorage.setItem('refresh_token', stored.data.refreshToken);
      localStorage.setItem('user', JSON.stringify(stored));
      localStorage.setItem('user_info', JSON.stringify(stored.data.user));
      localStorage.setItem(zoneKey, labTimeZone);
    },
    login,
    LAB_TIME_ZONE_KEY,
    config.data.labTimeZone,
  );
  await page.close();
  return login;
}
