/**
 * Lighthouse (mobile profile, performance only) on the public pages a bench tablet or a customer
 * opens first, the sign-in page and the order form, and on one signed-in list (/bookings, as the
 * administrator, the session stored the way the app stores it after a sign-in). The app is built with the project's own Vite
 * config and served by the real server (compression, caching) on a throw-away PGlite database;
 * Chromium is Debian's (/usr/bin/chromium). Each page runs LIGHTHOUSE_RUNS times (default 3) and
 * the median is reported. Not part of CI: a score is a timing, and timings belong here.
 *
 * LIGHTHOUSE_PAGES picks pages by path (comma-separated, e.g. `/auth/login,/bookings`; default all),
 * and LIGHTHOUSE_REPORT_DIR keeps each run's full report (JSON) there, for its diagnostics: critical
 * request chains, the largest paint's element and its phases, render-blocking requests, long tasks.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { buildApp, chromiumPath, prepareSignedIn, startAppServer } from './browser-app.ts';
import type { BenchRow } from './run.ts';

const ALL_PAGES = [
  { name: 'the sign-in page', path: '/auth/login', goal: 95, signedIn: false },
  { name: 'the order form', path: '/booking/isotope-submittal-form', goal: 95, signedIn: false },
  { name: 'the bookings list, signed in', path: '/bookings', goal: 90, signedIn: true },
];
const chosen = process.env.LIGHTHOUSE_PAGES?.split(',').map((pagePath) => pagePath.trim());
const PAGES = chosen ? ALL_PAGES.filter((page) => chosen.includes(page.path)) : ALL_PAGES;
if (PAGES.length === 0) throw new Error(`LIGHTHOUSE_PAGES names no page of ${ALL_PAGES.map((p) => p.path).join(', ')}`);
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** Google's "good" largest contentful paint on the mobile profile. */
const GOOD_LCP_MS = 2500;
/** Lighthouse's "good" total blocking time on the mobile profile. */
const GOOD_TBT_MS = 200;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

export default async function lighthouseBench(): Promise<BenchRow[]> {
  const work = mkdtempSync(path.join(tmpdir(), 'isotope-lighthouse-'));
  const staticDir = path.join(work, 'dist');
  await buildApp(staticDir);
  const server = await startAppServer(staticDir, path.join(work, 'data'));
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const rows: BenchRow[] = [];
  try {
    for (const page of PAGES) {
      const scores: number[] = [];
      const lcps: number[] = [];
      const blocking: number[] = [];
      // A run whose trace Lighthouse could not read (NO_NAVSTART and the like) scores 0: run it again.
      for (let run = 0, failed = 0; run < RUNS; run++) {
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
        if (lhr.runtimeError && failed < 3) {
          failed++;
          run--;
          continue;
        }
        if (REPORT_DIR) {
          mkdirSync(REPORT_DIR, { recursive: true });
          const name = `${page.path.replace(/\W+/g, '-').replace(/^-/, '')}-${run + 1}.json`;
          writeFileSync(path.join(REPORT_DIR, name), JSON.stringify(lhr));
        }
        scores.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
        lcps.push(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN);
        blocking.push(lhr.audits['total-blocking-time']?.numericValue ?? NaN);
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
        {
          // What usually costs the score on a slow phone: long tasks between the first paint and interactive.
          name: `total blocking time, ${page.name} (Lighthouse mobile, median of ${RUNS})`,
          baseline: { label: 'the good-TBT limit', value: GOOD_TBT_MS },
          value: median(blocking),
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
