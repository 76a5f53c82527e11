/**
 * The offline set-up every offline spec shares. Playwright's setOffline does not cut the service
 * worker's own requests (its issue #2311): with PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS=1 (set
 * in playwright.config.ts) the worker's requests reach context.route too, so aborting them there is
 * a dead network for the page AND the worker.
 */
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, type StoredLogin } from './fixtures.ts';
import { authorised } from './sample-seeding.ts';

/** Waits until the app's service worker controls the page (so the app opens without a network). */
export async function waitForServiceWorkerControl(page: Page) {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

/** Every API request of the page and its worker fails as with no network at all. */
export function cutApi(context: BrowserContext) {
  return context.route('**/api/**', (route) => route.abort('internetdisconnected'));
}

/** A dead network for the page and its service worker alike. */
export async function goOffline(context: BrowserContext) {
  await cutApi(context);
  await context.setOffline(true);
}

export async function goOnline(context: BrowserContext) {
  await context.unroute('**/api/**');
  await context.setOffline(false);
}

export function pendingCount(page: Page) {
  return page.getByTestId('sync-pending-count');
}

/** The actions of a sample's chain of custody, oldest first, as the server keeps them. */
export async function timelineActions(request: APIRequestContext, session: StoredLogin, id: number) {
  const response = await request.get(`/api/sample-entries/${id}/timeline`, { headers: authorised(session) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { action: string }[] }).data.map((event) => event.action);
}

export async function testerCheckIns(request: APIRequestContext, session: StoredLogin, id: number) {
  return (await timelineActions(request, session, id)).filter((action) => action === 'testerCheckIn').length;
}

/** The bench list's row of a sample (every sample table marks its rows with the IDFL number). */
export function sampleRow(page: Page, sample: { idflNumber: string }) {
  return page.locator(`tr[data-idfl="${sample.idflNumber}"]`);
}
