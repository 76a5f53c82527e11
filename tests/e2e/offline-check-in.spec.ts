import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { roleUsers } from './support/accounts.ts';
import { expect, signInThroughApi, test, type StoredLogin } from './support/fixtures.ts';

// The tester's bench keeps working with the network cut: check-ins are queued in the outbox, shown
// as pending, and sent once when the network comes back (DESIGN.md 7). As in offline.spec.ts, the
// network is cut for the page AND its service worker (context.route sees the worker's requests).

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

type Sample = { id: number; idflNumber: string; status: string };

function authorised(session: StoredLogin) {
  return { authorization: `Bearer ${session.data.accessToken}` };
}

/** A sample created, checked in and transferred by the client-side lab, through the API. */
async function seedSampleSentToTester(request: APIRequestContext, cs: StoredLogin, label: string): Promise<Sample> {
  const headers = authorised(cs);
  const created = await request.post('/api/cs-lab/create', {
    headers,
    data: { sampleType: 'Cotton', sampleCode: label, source: 'E2E bench', fromClientInfo: `Offline check-in ${label}` },
  });
  expect(created.status()).toBe(201);
  const sample = ((await created.json()) as { data: Sample }).data;
  const checkedIn = await request.put(`/api/cs-lab/check-in?id=${sample.id}&entry=sample`, {
    headers,
    data: { receivedDate: new Date().toISOString().slice(0, 10), receivedBy: 'Cam Service', initialWeight: 12.5 },
  });
  expect(checkedIn.status()).toBe(200);
  const transferred = await request.put(`/api/cs-lab/transfer-to-tester?id=${sample.id}`, { headers });
  expect(transferred.status()).toBe(200);
  return sample;
}

async function readSample(request: APIRequestContext, session: StoredLogin, id: number) {
  const response = await request.get(`/api/tester-lab/get-detail/${id}`, { headers: authorised(session) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Sample }).data;
}

async function readTimeline(request: APIRequestContext, session: StoredLogin, id: number) {
  const response = await request.get(`/api/sample-entries/${id}/timeline`, { headers: authorised(session) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { action: string }[] }).data;
}

function sampleRow(page: Page, sample: Sample) {
  return page.locator(`tr[data-idfl="${sample.idflNumber}"]`);
}

async function checkIn(page: Page, sample: Sample) {
  await sampleRow(page, sample).getByRole('button', { name: 'Check in' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(sample.idflNumber);
  await dialog.getByRole('checkbox', { name: 'I confirm all information above is correct.' }).click();
  await dialog.getByRole('button', { name: 'Check in' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('[TESTER]', () => {
  test('[TESTER] checks in samples with the network cut, reconnects, and the server shows each check-in exactly once', async ({
    page,
    context,
    request,
    openSignedIn,
  }) => {
    const cs = await signInThroughApi(request, roleUsers.CustomerService);
    const stamp = Date.now().toString(36).toUpperCase();
    const samples = [
      await seedSampleSentToTester(request, cs, `OFF-${stamp}-A`),
      await seedSampleSentToTester(request, cs, `OFF-${stamp}-B`),
    ];

    const tester = await openSignedIn(roleUsers.Tester, '/testers');
    await waitForServiceWorkerControl(page);
    for (const sample of samples) {
      await expect(sampleRow(page, sample).locator('[data-status="SentToTester"]')).toBeVisible();
    }
    await expect(page.getByTestId('sync-pending-count')).toHaveText('0');

    await goOffline(context);
    await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-online', 'false');
    for (const sample of samples) await checkIn(page, sample);

    for (const sample of samples) {
      const row = sampleRow(page, sample);
      await expect(row).toHaveAttribute('data-pending', 'true');
      await expect(row.locator('[data-pending="true"][data-status="TesterConfirmed"]')).toContainText('pending');
      // Nothing more to do on a sample whose check-in is waiting.
      await expect(row.getByRole('button', { name: 'Check in' })).toHaveCount(0);
    }
    await expect(page.getByTestId('sync-pending-count')).toHaveText('2');
    for (const sample of samples) expect((await readSample(request, tester, sample.id)).status).toBe('SentToTester');

    await goOnline(context);
    await expect(page.getByTestId('sync-pending-count')).toHaveText('0', { timeout: 30_000 });
    for (const sample of samples) {
      await expect(sampleRow(page, sample).locator('[data-status="TesterConfirmed"]')).toBeVisible({ timeout: 15_000 });
      await expect(sampleRow(page, sample)).not.toHaveAttribute('data-pending', 'true');
      expect((await readSample(request, tester, sample.id)).status).toBe('TesterConfirmed');
      const checkIns = (await readTimeline(request, tester, sample.id)).filter(
        (event) => event.action === 'testerCheckIn',
      );
      expect(checkIns).toHaveLength(1);
    }
  });
});
