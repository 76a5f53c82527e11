/**
 * A bench tablet's first sync of its whole list: the client-side lab's list (`/clients`) opened in a
 * fresh profile while the laboratory holds 5,000 samples, the most a device keeps of one list
 * (MAX_CACHED_ROWS). The app shows the first page, then walks the rest into IndexedDB in pages;
 * this times that walk and watches the page's main thread with a long-task observer the whole time.
 *
 * Baselines from the same run: the same 5,000 rows fetched page by page in the page itself without
 * storing them (what the network and JSON cost; the sync may add storing, not much more), and the
 * long-task threshold itself (50 ms: a task longer than that is one a technician's tap waits behind).
 * Not part of CI: these are timings.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { OFFLINE_DB_NAME } from '../src/app/offline/db.ts';
import { MAX_CACHED_ROWS } from '../src/app/offline/list-sync.ts';
import { SAMPLE_LISTS } from '../src/app/bench/sample-queries.ts';
import { buildApp, chromiumPath, prepareSignedIn, startAppServer } from './browser-app.ts';
import type { BenchRow } from './run.ts';
import { loadLaboratory } from './scale/laboratory.ts';

const SAMPLES = MAX_CACHED_ROWS;
const LONG_TASK_MS = 50;
const { list, path: listPath } = SAMPLE_LISTS.cs;

type Watch = { longTasks: { start: number; duration: number }[] };

export default async function offlineSyncBench(): Promise<BenchRow[]> {
  const work = mkdtempSync(path.join(tmpdir(), 'isotope-offline-sync-'));
  const staticDir = path.join(work, 'dist');
  await buildApp(staticDir);
  const server = await startAppServer(staticDir, path.join(work, 'data'));
  await loadLaboratory(server.database, SAMPLES);
  const browser = await puppeteer.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const login = await prepareSignedIn(browser, server.url);
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    // Every long task from the document's start, kept where the bench can read it.
    await page.evaluateOnNewDocument(() => {
      const watch: Watch = { longTasks: [] };
      (window as unknown as { benchWatch: Watch }).benchWatch = watch;
      new PerformanceObserver((entries) => {
        for (const entry of entries.getEntries())
          watch.longTasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    });

    // Baseline: the same pages, fetched and parsed in the page, nothing stored.
    await page.goto(`${server.url}/robots.txt`);
    const fetchOnlyMs = await page.evaluate(
      async (apiPath: string, token: string, total: number) => {
        const started = performance.now();
        let read = 0;
        let cursor: string | undefined;
        do {
          const query = new URLSearchParams({ limit: '500', ...(cursor ? { cursor } : {}) });
          const answer = await fetch(`${apiPath}?${query}`, { headers: { authorization: `Bearer ${token}` } });
          const body = (await answer.json()) as { data: { items: unknown[]; nextCursor?: string | null } };
          read += body.data.items.length;
          cursor = body.data.nextCursor ?? undefined;
        } while (cursor && read < total);
        return performance.now() - started;
      },
      listPath,
      login.data.accessToken,
      SAMPLES,
    );

    await page.goto(`${server.url}/clients`);
    await page.waitForSelector('tr[data-idfl]', { timeout: 60_000 });
    const firstPageMs = await page.evaluate(() => performance.now());
    // Done when the list's meta records a full sync (written after the last page).
    await page.waitForFunction(
      (dbName: string, listName: string) =>
        new Promise<boolean>((resolve) => {
          const opening = indexedDB.open(dbName);
          opening.onerror = () => resolve(false);
          opening.onsuccess = () => {
            const db = opening.result;
            const reading = db.transaction('listMeta').objectStore('listMeta').get(listName);
            reading.onsuccess = () => {
              db.close();
              resolve(Boolean((reading.result as { lastFullSyncAt?: string } | undefined)?.lastFullSyncAt));
            };
            reading.onerror = () => {
              db.close();
              resolve(false);
            };
          };
        }),
      { polling: 250, timeout: 120_000 },
      OFFLINE_DB_NAME,
      list,
    );
    const syncedMs = await page.evaluate(() => performance.now());
    const cached = await page.evaluate(
      (dbName: string, listName: string) =>
        new Promise<number>((resolve) => {
          const opening = indexedDB.open(dbName);
          opening.onsuccess = () => {
            const db = opening.result;
            const counting = db.transaction('listRows').objectStore('listRows').index('list').count(listName);
            counting.onsuccess = () => {
              db.close();
              resolve(counting.result);
            };
          };
        }),
      OFFLINE_DB_NAME,
      list,
    );
    if (cached < SAMPLES) throw new Error(`the sync kept ${cached} of ${SAMPLES} samples`);
    const watch = await page.evaluate(() => (window as unknown as { benchWatch: Watch }).benchWatch);
    const duringSync = watch.longTasks.filter((task) => task.start + task.duration >= firstPageMs);
    const longest = Math.max(0, ...duringSync.map((task) => task.duration));
    const blocking = duringSync.reduce((sum, task) => sum + Math.max(0, task.duration - LONG_TASK_MS), 0);
    const syncMs = syncedMs - firstPageMs;
    return [
      {
        name: `first sync of ${SAMPLES.toLocaleString('en')} samples after the first page showed (${cached} kept)`,
        baseline: { label: 'the same pages fetched without storing', value: fetchOnlyMs },
        value: syncMs,
        unit: 'ms',
        targetRatio: 4,
      },
      {
        name: 'first page of the list shown, from navigation',
        baseline: { label: 'the same pages fetched without storing', value: fetchOnlyMs },
        value: firstPageMs,
        unit: 'ms',
      },
      {
        name: `longest main-thread task during the sync (${duringSync.length} long tasks)`,
        baseline: { label: 'the long-task threshold', value: LONG_TASK_MS },
        value: longest,
        unit: 'ms',
        targetRatio: 4,
      },
      {
        name: 'blocking time during the sync (each long task beyond 50 ms, summed)',
        baseline: { label: 'the sync itself', value: syncMs },
        value: blocking,
        unit: 'ms',
        targetRatio: 0.25,
      },
    ];
  } finally {
    await browser.close();
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
}
