import type { APIRequestContext, BrowserContext, CDPSession, Page } from '@playwright/test';
import { admin } from '../support/accounts.ts';
import { expect, test, type StoredLogin } from '../support/fixtures.ts';
import { goOffline, goOnline, pendingCount, waitForServiceWorkerControl } from '../support/offline-network.ts';

// The network is cut for the page AND its service worker (support/offline-network.ts).

async function countriesWithCode(request: APIRequestContext, session: StoredLogin, code: string) {
  const response = await request.get(`/api/country?code=${code}&limit=100`, {
    headers: { authorization: `Bearer ${session.data.accessToken}` },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: { items: { code: string }[] } };
  return body.data.items.filter((c) => c.code === code);
}

async function addCountry(page: Page, code: string, name: string) {
  await page.getByRole('button', { name: 'Add country' }).click();
  const form = page.getByRole('form', { name: 'Add country' });
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
}

/** A fresh country code per run (2 or 3 capital letters), so a retried test does not meet its own leftovers. */
function freshCode() {
  const letter = () => String.fromCharCode(65 + Math.floor(Math.random() * 26));
  return `Z${letter()}${letter()}`;
}

/** The DevTools protocol's handle on our service worker, to fire the events a browser would. */
async function serviceWorkerRegistration(context: BrowserContext, page: Page) {
  const cdp: CDPSession = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.filter((r) => !r.isDeleted).length).toBeGreaterThan(0);
  const registration = registrations.find((r) => !r.isDeleted)!;
  return { cdp, registrationId: registration.registrationId, origin: new URL(registration.scopeURL).origin };
}

/** The outbox's endpoint and the country endpoint a change goes to directly when online. */
const COUNTRY_WRITES = /\/api\/(sync|country)(\?.*)?$/;

test.describe('[OFFLINE]', () => {
  test('[OFFLINE] a country added offline waits, survives a reload, and is sent exactly once', async ({
    page,
    context,
    request,
    openSignedIn,
  }) => {
    const session = await openSignedIn(admin, '/settings/countries');
    await waitForServiceWorkerControl(page);
    await expect(page.getByRole('cell', { name: 'VN', exact: true })).toBeVisible();
    await expect(pendingCount(page)).toHaveText('0');

    await goOffline(context);
    await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-online', 'false');
    const code = freshCode();
    const name = `Offline Land ${code}`;
    await addCountry(page, code, name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveAttribute('data-pending', 'true');
    await expect(pendingCount(page)).toHaveText('1');

    // The app itself opens from the service worker, and the change is still waiting.
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveAttribute('data-pending', 'true');
    await expect(pendingCount(page)).toHaveText('1');
    await expect(page.getByRole('cell', { name: 'VN', exact: true })).toBeVisible();
    expect(await countriesWithCode(request, session, code)).toHaveLength(0);

    await goOnline(context);
    await expect(pendingCount(page)).toHaveText('0', { timeout: 30_000 });
    await expect(page.getByRole('row').filter({ hasText: name })).not.toHaveAttribute('data-pending', 'true');
    expect(await countriesWithCode(request, session, code)).toHaveLength(1);
  });

  test('[OFFLINE] the server commits but the answer is lost: the resend changes nothing twice', async ({
    page,
    context,
    request,
    openSignedIn,
  }) => {
    const session = await openSignedIn(admin, '/settings/countries');
    await waitForServiceWorkerControl(page);
    await expect(page.getByRole('cell', { name: 'VN', exact: true })).toBeVisible();

    let committed = 0;
    // The first send reaches the server and is applied, but its answer never comes back; after that
    // the network stays down until the test brings it back, so the change must wait as pending
    // (however quickly the app retries on a loaded machine).
    // Online, a country change goes straight to the server (then, without an answer, to the
    // outbox under the same key): both ways are cut the same.
    await context.route(COUNTRY_WRITES, async (route) => {
      if (route.request().method() === 'GET') return route.continue();
      if (committed > 0) return route.abort('internetdisconnected');
      const response = await route.fetch();
      if (response.ok()) committed += 1;
      await route.abort('connectionreset');
    });
    const code = freshCode();
    const name = `Lost Answer ${code}`;
    await addCountry(page, code, name);
    await expect.poll(() => committed, { timeout: 15_000 }).toBe(1);
    expect(await countriesWithCode(request, session, code)).toHaveLength(1);
    await expect(pendingCount(page)).toHaveText('1');

    await goOffline(context);
    await context.unroute(COUNTRY_WRITES);
    await goOnline(context);
    await expect(pendingCount(page)).toHaveText('0', { timeout: 30_000 });
    expect(await countriesWithCode(request, session, code)).toHaveLength(1);

    // The sync page shows the change as sent after more than one attempt (the first answer was lost,
    // and the app kept retrying while the network was down).
    await page.getByTestId('sync-indicator').click();
    const sent = page.getByTestId('sync-done').getByTestId('outbox-entry').filter({ hasText: name });
    await expect(sent).toHaveAttribute('data-state', 'done');
    await expect(sent).toContainText(/Attempts: ([2-9]|\d{2,})/);
  });

  test('[OFFLINE] with no page open, the service worker sends the outbox on a Background Sync', async ({
    page,
    context,
    request,
    openSignedIn,
  }) => {
    const session = await openSignedIn(admin, '/settings/countries');
    await waitForServiceWorkerControl(page);
    await expect(page.getByRole('cell', { name: 'VN', exact: true })).toBeVisible();

    await goOffline(context);
    const code = freshCode();
    await addCountry(page, code, `Background ${code}`);
    await expect(pendingCount(page)).toHaveText('1');

    // The app is closed; only a blank tab (not the app's) stays to talk to the browser.
    const blank = await context.newPage();
    await page.close();
    await goOnline(context);
    // Chromium may fire the registered sync by itself as soon as it is online again; the event
    // below makes sure it fires. Either way no page of the app is open: the worker sent it.

    const { cdp, registrationId, origin } = await serviceWorkerRegistration(context, blank);
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin,
      registrationId,
      tag: 'outbox-sync',
      lastChance: false,
    });
    await expect
      .poll(async () => (await countriesWithCode(request, session, code)).length, { timeout: 20_000 })
      .toBe(1);
  });

  test('[OFFLINE] a push message is shown and relayed to the open app', async ({ page, context, openSignedIn }) => {
    await context.grantPermissions(['notifications']);
    await openSignedIn(admin, '/settings/countries');
    await waitForServiceWorkerControl(page);
    await expect(page.getByTestId('sync-indicator')).toBeVisible();

    const { cdp, registrationId, origin } = await serviceWorkerRegistration(context, page);
    const data = JSON.stringify({ title: 'New samples', message: 'IDFL-2026-00042 is waiting for check-in' });
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data });
    // The bell counts the server's notifications; a relayed push shows as a toast at once.
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'New samples' });
    await expect(toast).toContainText('IDFL-2026-00042 is waiting for check-in');
  });
});
