import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { roleUsers } from './support/accounts.ts';
import { expect, signInThroughApi, test, type StoredLogin } from './support/fixtures.ts';
import { authorised, readTesterSample, seedSampleSentToTester, type SeededSample } from './support/sample-seeding.ts';

// Issue 18, a bench's day offline in small: 20 labels scanned 100 ms apart with the network cut for
// page and service worker, then 5 sample updates queued from the cached copies of the same samples,
// a reload offline, and a reconnect. Every action reaches the server exactly once, with zero
// conflicts: the device's own earlier check-in never makes its later update "someone else's". An
// offline filter by IDFL number finds its sample.

const SCANS = 20;
const UPDATES = 5;

async function waitForServiceWorkerControl(page: Page) {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

async function goOffline(context: BrowserContext) {
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await context.setOffline(true);
}

async function goOnline(context: BrowserContext) {
  await context.unroute('**/api/**');
  await context.setOffline(false);
}

async function timelineActions(request: APIRequestContext, session: StoredLogin, id: number) {
  const response = await request.get(`/api/sample-entries/${id}/timeline`, { headers: authorised(session) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { action: string }[] }).data.map((event) => event.action);
}

/** The device's cached copies of these samples (what a form offline starts from). */
function cachedSamples(page: Page, ids: number[]) {
  return page.evaluate(async (wanted) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('isotope-lab-offline');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const rows = await new Promise<{ list: string; id: string; record: { id: number; version: number } }[]>(
      (resolve, reject) => {
        const all = db.transaction('listRows').objectStore('listRows').getAll();
        all.onsuccess = () => resolve(all.result);
        all.onerror = () => reject(all.error);
      },
    );
    db.close();
    return rows
      .filter((row) => row.list === 'tester-samples' && wanted.includes(row.record.id))
      .map((row) => row.record);
  }, ids);
}

/**
 * Queues a tester update of each sample as the tester form does offline: through the outbox, with
 * the version of the cached copy (taken before the queued check-in was applied).
 */
function queueUpdates(page: Page, samples: { id: number; version: number }[], note: string) {
  return page.evaluate(
    async ({ samples: targets, note: text }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('isotope-lab-offline');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = db.transaction('outbox', 'readwrite', { durability: 'strict' });
      const store = tx.objectStore('outbox');
      const existing = await new Promise<{ seq: number }[]>((resolve) => {
        const all = store.getAll();
        all.onsuccess = () => resolve(all.result);
      });
      let seq = Math.max(0, ...existing.map((entry) => entry.seq));
      for (const sample of targets) {
        seq += 1;
        store.add({
          id: crypto.randomUUID(),
          seq,
          method: 'PUT',
          path: `/api/tester-lab/update-sample?id=${sample.id}`,
          body: { note: text, version: sample.version },
          label: `Update ${sample.id}`,
          entity: { list: 'tester-samples', id: sample.id, record: 'sample' },
          createdAt: new Date().toISOString(),
          state: 'pending',
          attempts: 0,
        });
      }
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { samples, note },
  );
}

function outboxStates(page: Page) {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('isotope-lab-offline');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const entries = await new Promise<{ state: string }[]>((resolve) => {
      const all = db.transaction('outbox').objectStore('outbox').getAll();
      all.onsuccess = () => resolve(all.result);
    });
    db.close();
    return entries.map((entry) => entry.state);
  });
}

test.describe('[OFFLINE DAY]', () => {
  test('[OFFLINE DAY] 20 scans 100 ms apart and 5 updates of the same samples offline, a reload, a reconnect: all applied once, no conflict', async ({
    page,
    context,
    request,
    openSignedIn,
  }) => {
    const cs = await signInThroughApi(request, roleUsers.CustomerService);
    const stamp = Date.now().toString(36).toUpperCase();
    const samples: SeededSample[] = [];
    for (let i = 0; i < SCANS; i += 1) samples.push(await seedSampleSentToTester(request, cs, `DAY-${stamp}-${i}`));
    const ids = samples.map((sample) => sample.id);

    const tester = await openSignedIn(roleUsers.Tester, '/testers');
    await waitForServiceWorkerControl(page);
    // The whole bench list is on the device before the network goes.
    await expect.poll(async () => (await cachedSamples(page, ids)).length, { timeout: 30_000 }).toBe(SCANS);
    const cachedBefore = await cachedSamples(page, ids);

    await goOffline(context);
    await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-online', 'false');

    // A keyboard-wedge scanner: each label typed and entered 100 ms after the one before.
    await page.getByRole('button', { name: 'Scan to check in' }).click();
    const dialog = page.getByRole('dialog');
    const field = dialog.getByLabel('Type the IDFL number or certificate address');
    for (const sample of samples) {
      await field.fill(sample.idflNumber);
      await field.press('Enter');
      await page.waitForTimeout(100);
    }
    await expect(dialog.getByTestId('scan-tally')).toHaveText(`${SCANS} samples checked in`, { timeout: 30_000 });
    await expect(dialog.locator('[data-testid="scan-log"] li[data-outcome="ok"]')).toHaveCount(SCANS);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    const updated = cachedBefore.slice(0, UPDATES).map(({ id, version }) => ({ id, version }));
    await queueUpdates(page, updated, `Weighed offline ${stamp}`);

    // The browser reopens the bench with no network: the app shell and the outbox are still there.
    await page.reload();
    await expect(page.getByTestId('sync-pending-count')).toHaveText(String(SCANS + UPDATES), { timeout: 15_000 });
    expect((await readTesterSample(request, tester, ids[0]!)).status).toBe('SentToTester');

    // Still offline, the IDFL number filter finds its sample from the device's copy, and only it.
    const wanted = samples[7]!;
    await page.getByLabel('IDFL number', { exact: true }).fill(wanted.idflNumber);
    await expect(page.locator('tbody tr[data-idfl]')).toHaveCount(1);
    await expect(page.locator(`tr[data-idfl="${wanted.idflNumber}"]`)).toBeVisible();
    await page.getByLabel('IDFL number', { exact: true }).fill('');

    await goOnline(context);
    await expect(page.getByTestId('sync-pending-count')).toHaveText('0', { timeout: 45_000 });
    const states = await outboxStates(page);
    expect(states.filter((state) => state === 'conflict')).toEqual([]);
    expect(states.filter((state) => state === 'done')).toHaveLength(SCANS + UPDATES);

    for (const sample of samples) {
      const actions = await timelineActions(request, tester, sample.id);
      expect(actions.filter((action) => action === 'testerCheckIn')).toHaveLength(1);
      const wasUpdated = updated.some((target) => target.id === sample.id);
      expect(actions.filter((action) => action === 'testerUpdate')).toHaveLength(wasUpdated ? 1 : 0);
      const now = await readTesterSample(request, tester, sample.id);
      expect(now.status).toBe('TesterConfirmed');
      if (wasUpdated) expect(now.note).toBe(`Weighed offline ${stamp}`);
    }
  });
});
