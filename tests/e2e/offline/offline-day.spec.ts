import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  chromium,
  request as playwrightRequest,
  type APIRequestContext,
  type APIResponse,
  type BrowserContext,
  type Page,
  type Route,
} from '@playwright/test';
import { admin, e2ePort, roleUsers } from '../support/accounts.ts';
import { startBenchServer, type BenchServer } from '../support/bench-server.ts';
import { chromiumArgs, chromiumExecutable } from '../support/chromium.ts';
import { cachedIds, outboxEntries } from '../support/device-store.ts';
import { expect, seedSession, signInThroughApi, test } from '../support/fixtures.ts';
import {
  cutApi,
  goOffline,
  pendingCount,
  sampleRow,
  timelineActions,
  waitForServiceWorkerControl,
} from '../support/offline-network.ts';
import { authorised, readTesterSample, seedSampleSentToTester, type SeededSample } from '../support/sample-seeding.ts';

// A bench's whole day offline, as a tester lives it on a tablet: a persistent browser
// profile, 160 samples in the inbox, the network cut for page and service worker, 100 labels scanned
// 100 ms apart (a keyboard-wedge scanner), 30 samples' tester data typed into the form, the browser
// closed and reopened offline, a reconnect through a network that loses requests and answers, and
// the server killed with kill -9 in mid-sync and started again on the same data. Every action
// reaches the server exactly once, with no conflict but the one another user caused, marked in the
// list. The spec runs its own server (a second port) because it kills it.

const INBOX = 160;
const CHECK_INS = 100;
const UPDATES = 30;
const LIST = 'tester-samples';
// Sessions expire while the tablet is offline, so the reconnect must renew one over the flaky network.
const SERVER_ENV = { E2E_ACCESS_TOKEN_TTL_SECONDS: '60' };

// Seeding, 130 actions through the UI and two server starts on a shared CI machine.
test.describe.configure({ timeout: 360_000 });

/** A browser with a profile on disk: closing and reopening it keeps storage, worker and session. */
function openProfile(profileDir: string, baseURL: string, offline = false) {
  return chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumExecutable,
    args: chromiumArgs,
    baseURL,
    locale: 'en-US',
    serviceWorkers: 'allow',
    offline,
  });
}

async function seedInbox(request: APIRequestContext, stamp: string) {
  const samples: SeededSample[] = [];
  // In small parallel runs (the server serialises the writes anyway), oldest first; each run signs
  // in afresh, as sessions are short on this server.
  for (let start = 0; start < INBOX; start += 8) {
    const cs = await signInThroughApi(request, roleUsers.CustomerService);
    const run = Array.from({ length: Math.min(8, INBOX - start) }, (_, i) =>
      seedSampleSentToTester(request, cs, `DAY-${stamp}-${start + i}`),
    );
    samples.push(...(await Promise.all(run)));
  }
  return samples;
}

async function scanLabels(page: Page, samples: SeededSample[]) {
  await page.getByRole('button', { name: 'Scan to check in' }).click();
  const dialog = page.getByRole('dialog');
  const field = dialog.getByLabel('Type the IDFL number or certificate address');
  for (const sample of samples) {
    await field.fill(sample.idflNumber);
    await field.press('Enter');
    await page.waitForTimeout(100);
  }
  await expect(dialog.getByTestId('scan-tally')).toHaveText(`${samples.length} samples checked in`, {
    timeout: 60_000,
  });
  // The running list keeps the latest 50 scans: all of them checked in, none refused.
  const log = dialog.getByTestId('scan-log');
  await expect(log.locator('li[data-outcome="ok"]')).toHaveCount(Math.min(samples.length, 50));
  await expect(log.locator('li:not([data-outcome="ok"])')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
}

/** What the tester types into Update Tester for each sample, by label (a required field's ends in its star). */
function testerData(sample: SeededSample, stamp: string) {
  return {
    'Sample information*': `Bale ${sample.idflNumber}`,
    'Isotope mix*': 'Mix A',
    'Identification*': 'Long staple cotton',
    'Expected conclusion*': 'Vietnam',
    'Local code*': `LC-${sample.id}`,
    'Storage area': 'Shelf 3',
    Note: `Weighed offline ${stamp}`,
  };
}

/** From the bench list, opens the sample's detail offline, saves the tester's data, and goes back. */
async function typeTesterData(page: Page, sample: SeededSample, stamp: string, queuedBefore: number) {
  await sampleRow(page, sample).getByRole('link', { name: sample.idflNumber }).click();
  const form = page.getByRole('form', { name: 'Update Tester' });
  for (const [label, value] of Object.entries(testerData(sample, stamp))) {
    await form.getByLabel(label, { exact: true }).fill(value);
  }
  await form.getByRole('combobox', { name: 'Country' }).click();
  await page.getByRole('option', { name: /^VN · / }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(pendingCount(page)).toHaveText(String(queuedBefore + 1));
  await page.goBack();
}

/**
 * The network after the reconnect: the first sync never reaches the server, the server is killed
 * with kill -9 while it applies the next one (and started again on the same data), the first batch
 * of updates is applied but its answer is lost, the first renewed session is lost on its way back,
 * and every third other API answer is lost too.
 */
function flakyNetwork(restartServer: () => Promise<void>, isApplied: (path: string) => Promise<boolean>) {
  let syncs = 0;
  let others = 0;
  let updatesAnswerLost = false;
  let refreshes = 0;
  let restarted: { done: Promise<void> } | undefined;
  const handle = async (route: Route) => {
    const request = route.request();
    const pathname = new URL(request.url()).pathname;
    if (pathname === '/api/auth/refresh') {
      refreshes += 1;
      if (refreshes > 1) return route.continue();
      await route.fetch().catch(() => undefined);
      return route.abort('connectionreset');
    }
    if (pathname !== '/api/sync') {
      others += 1;
      if (others % 3 !== 0) return route.continue();
      await route.fetch().catch(() => undefined);
      return route.abort('connectionreset');
    }
    syncs += 1;
    if (syncs === 1) return route.abort('connectionreset');
    if (syncs >= 2 && !restarted) {
      const [first] = (request.postDataJSON() as { mutations: { path: string }[] }).mutations;
      let answered: APIResponse | null | undefined;
      const answer = route.fetch().then(
        (response) => (answered = response),
        () => (answered = null),
      );
      // Killed as soon as the server has applied the batch's first change: in the middle of it.
      while (answered === undefined) {
        if (await isApplied(first!.path)) {
          restarted = { done: restartServer() };
          await answer;
          return route.abort('connectionreset');
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // Refused (an expired session) or answered before it could be caught: the next batch is killed.
      return answered ? route.fulfill({ response: answered }) : route.abort('connectionreset');
    }
    const carriesUpdates = String(request.postData()).includes('/api/tester-lab/update-sample');
    if (carriesUpdates && !updatesAnswerLost) {
      updatesAnswerLost = true;
      await route.fetch().catch(() => undefined);
      return route.abort('connectionreset');
    }
    return route.continue();
  };
  return { handle, restarted: () => restarted, refreshes: () => refreshes };
}

test.describe('[OFFLINE DAY]', () => {
  test('[OFFLINE DAY] 100 scanned check-ins and 30 typed updates offline, a browser restart, a flaky reconnect and a killed server: each applied once, only the other user’s conflict', async () => {
    const stamp = Date.now().toString(36).toUpperCase();
    const work = mkdtempSync(path.join(tmpdir(), 'isotope-offline-day-'));
    const port = e2ePort + 20;
    let server: BenchServer = await startBenchServer(port, path.join(work, 'data'), SERVER_ENV);
    const baseUrl = server.url;
    const request = await playwrightRequest.newContext({ baseURL: server.url });
    let context: BrowserContext | undefined;
    try {
      const samples = await seedInbox(request, stamp);
      // The newest samples come first in the bench list: those are checked in, and the newest of
      // them updated, so every updated row is on the list's first page.
      const checkedIn = samples.slice(-CHECK_INS).reverse();
      const updated = checkedIn.slice(0, UPDATES);
      const otherUsersSample = updated[3]!;
      const tester = await signInThroughApi(request, roleUsers.Tester);

      context = await openProfile(path.join(work, 'profile'), server.url);
      let page = context.pages()[0] ?? (await context.newPage());
      await seedSession(page, tester);
      await page.goto('/testers');
      await waitForServiceWorkerControl(page);
      // The whole inbox is on the device before the network goes.
      await expect.poll(async () => (await cachedIds(page, LIST)).length, { timeout: 60_000 }).toBe(INBOX);

      await goOffline(context);
      await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-online', 'false');

      // Meanwhile an administrator, at another desk, edits one of the samples the tablet will update.
      const staff = await signInThroughApi(request, admin);
      const current = await readTesterSample(request, staff, otherUsersSample.id);
      const edited = await request.put(`/api/tester-lab/update-sample?id=${otherUsersSample.id}`, {
        headers: authorised(staff),
        data: { note: 'Edited at the office', version: current.version },
      });
      expect(edited.status()).toBe(200);

      // The first 20 labels 100 ms apart all count; then the rest of the tray.
      await scanLabels(page, checkedIn.slice(0, 20));
      await scanLabels(page, checkedIn.slice(20));
      await expect(pendingCount(page)).toHaveText(String(CHECK_INS));
      for (const [i, sample] of updated.entries()) await typeTesterData(page, sample, stamp, CHECK_INS + i);

      // The browser is closed, and opened again with no network. Its network is emulated, and
      // Chromium may fire the worker's pending Background Sync while it starts, before a route can
      // be set: the server is away until the new browser's network is cut, so nothing leaks.
      await server.stop();
      await context.close();
      context = await openProfile(path.join(work, 'profile'), baseUrl, true);
      await cutApi(context);
      server = await startBenchServer(port, path.join(work, 'data'), SERVER_ENV);
      page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/testers');
      await expect(pendingCount(page)).toHaveText(String(CHECK_INS + UPDATES), { timeout: 20_000 });
      await expect(sampleRow(page, updated[0]!)).toHaveAttribute('data-pending', 'true');
      // An offline filter by IDFL number finds its sample, and only it.
      const wanted = samples[7]!;
      await page.getByLabel('IDFL number', { exact: true }).fill(wanted.idflNumber);
      await expect(page.locator('tbody tr[data-idfl]')).toHaveCount(1);
      await expect(sampleRow(page, wanted)).toBeVisible();
      await page.getByLabel('IDFL number', { exact: true }).fill('');
      const office = await signInThroughApi(request, admin);
      expect((await readTesterSample(request, office, checkedIn[0]!.id)).status).toBe('SentToTester');

      // The reconnect, through a flaky network and a server killed in mid-sync.
      const network = flakyNetwork(
        async () => {
          await server.kill();
          server = await startBenchServer(port, path.join(work, 'data'), SERVER_ENV);
        },
        async (change) => {
          const id = Number(new URL(change, baseUrl).searchParams.get('id'));
          // Sessions are short here: the probe signs in afresh.
          const probe = await signInThroughApi(request, admin);
          return (await readTesterSample(request, probe, id)).status === 'TesterConfirmed';
        },
      );
      await context.unroute('**/api/**');
      await context.route('**/api/**', network.handle);
      await context.setOffline(false);
      await expect.poll(() => network.restarted() !== undefined, { timeout: 60_000 }).toBe(true);
      await network.restarted()?.done;
      // The tablet's network comes back once more after the server did (as a Wi-Fi reconnect would).
      await context.setOffline(true);
      await context.setOffline(false);

      // Everything is sent but the update the administrator's edit made stale: that one waits for a person.
      await expect(pendingCount(page)).toHaveText('1', { timeout: 120_000 });
      // The session was renewed though the first renewal's answer was lost: the tablet is still signed in.
      expect(network.refreshes()).toBeGreaterThan(1);
      await expect(page).toHaveURL(/\/testers$/);
      const entries = await outboxEntries(page);
      expect(entries.filter((entry) => entry.state === 'done')).toHaveLength(CHECK_INS + UPDATES - 1);
      const conflicts = entries.filter((entry) => entry.state === 'conflict');
      expect(conflicts.map((entry) => entry.path)).toEqual([`/api/tester-lab/update-sample?id=${otherUsersSample.id}`]);
      // Marked in the list where the tester works, and no other row.
      await expect(sampleRow(page, otherUsersSample)).toHaveAttribute('data-sync-state', 'conflict');
      await expect(page.locator('tr[data-sync-state="conflict"]')).toHaveCount(1);
      await expect(page.locator('tr[data-sync-state]')).toHaveCount(1);

      // The server's state: each action once, in the chain of custody too, and the chain intact.
      const staffNow = await signInThroughApi(request, admin);
      const audit = await request.get('/api/audit/verify', { headers: authorised(staffNow) });
      expect(((await audit.json()) as { data: { valid: boolean } }).data.valid).toBe(true);
      for (const sample of samples) {
        const actions = await timelineActions(request, staffNow, sample.id);
        const now = await readTesterSample(request, staffNow, sample.id);
        const wasCheckedIn = checkedIn.includes(sample);
        const wasUpdated = updated.includes(sample);
        expect(actions.filter((action) => action === 'testerCheckIn')).toHaveLength(wasCheckedIn ? 1 : 0);
        expect(now.status).toBe(wasCheckedIn ? 'TesterConfirmed' : 'SentToTester');
        expect(actions.filter((action) => action === 'testerUpdate')).toHaveLength(wasUpdated ? 1 : 0);
        if (sample === otherUsersSample) expect(now.note).toBe('Edited at the office');
        else if (wasUpdated) {
          const typed = testerData(sample, stamp);
          expect(now).toMatchObject({
            note: typed.Note,
            localCode: typed['Local code*'],
            storageArea: 'Shelf 3',
            countryCode: 'VN',
          });
        }
      }
    } finally {
      await context?.close().catch(() => undefined);
      await request.dispose();
      await server.stop();
      rmSync(work, { recursive: true, force: true });
    }
  });
});
