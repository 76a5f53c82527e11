import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { extractImages } from '../../server/support/pdf-qr.ts';
import { admin, e2eBaseUrl, roleUsers } from '../support/accounts.ts';
import { chromiumArgs, chromiumExecutable } from '../support/chromium.ts';
import { writeFakeCameraVideo } from '../support/fake-camera.ts';
import { expect, seedSession, signInThroughApi, test } from '../support/fixtures.ts';
import {
  goOffline,
  goOnline,
  sampleRow,
  testerCheckIns,
  waitForServiceWorkerControl,
} from '../support/offline-network.ts';
import { authorised, readTesterSample, seedSampleSentToTester, type SeededSample } from '../support/sample-seeding.ts';

// The scanner joined to the workflow: the tester holds a printed label up to the camera and
// the sample is checked in — online, and with the network cut (queued in the outbox, sent exactly
// once on reconnection). Chromium's fake camera plays the QR code taken from the label PDF the
// server prints for that very sample, as certificate.spec.ts does.

async function printedLabelVideo(request: APIRequestContext, sample: SeededSample) {
  const staff = await signInThroughApi(request, admin);
  const label = await request.get(`/api/labels/sample/${sample.id}`, { headers: authorised(staff) });
  expect(label.status()).toBe(200);
  const [qr] = await extractImages(new Uint8Array(await label.body()));
  expect(qr, 'the label PDF holds a QR code image').toBeTruthy();
  const video = path.join(mkdtempSync(path.join(tmpdir(), 'scan-check-in-')), 'label.y4m');
  writeFakeCameraVideo(video, qr!);
  return video;
}

/** A browser whose camera shows `video` (the flags are per browser, so not the shared one). */
async function withCamera(video: string, run: (page: Page, context: BrowserContext) => Promise<void>) {
  const browser = await chromium.launch({
    executablePath: chromiumExecutable,
    args: [
      ...chromiumArgs,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL: e2eBaseUrl, locale: 'en-US', serviceWorkers: 'allow' });
    await context.grantPermissions(['camera'], { origin: e2eBaseUrl });
    await run(await context.newPage(), context);
  } finally {
    await browser.close();
  }
}

async function openTesterBench(page: Page, request: APIRequestContext, sample: SeededSample) {
  const tester = await signInThroughApi(request, roleUsers.Tester);
  await seedSession(page, tester);
  await page.goto('/testers');
  await expect(sampleRow(page, sample).locator('[data-status="SentToTester"]')).toBeVisible();
  return tester;
}

async function scanUntilCounted(page: Page) {
  await page.getByRole('button', { name: 'Scan to check in' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('scan-tally')).toHaveText('1 sample checked in', { timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('[SCAN]', () => {
  test('[SCAN] scanning a printed label checks the sample in', async ({ request }) => {
    const cs = await signInThroughApi(request, roleUsers.CustomerService);
    const sample = await seedSampleSentToTester(request, cs, `SCAN-${Date.now().toString(36).toUpperCase()}`);
    const video = await printedLabelVideo(request, sample);

    await withCamera(video, async (page) => {
      const tester = await openTesterBench(page, request, sample);
      await scanUntilCounted(page);
      await expect(sampleRow(page, sample).locator('[data-status="TesterConfirmed"]')).toBeVisible({
        timeout: 20_000,
      });
      await expect
        .poll(async () => (await readTesterSample(request, tester, sample.id)).status)
        .toBe('TesterConfirmed');
      expect(await testerCheckIns(request, tester, sample.id)).toBe(1);
    });
  });

  test('[SCAN] scanning a printed label checks the sample in with the network cut, sent once on reconnection', async ({
    request,
  }) => {
    const cs = await signInThroughApi(request, roleUsers.CustomerService);
    const sample = await seedSampleSentToTester(request, cs, `SCAN-OFF-${Date.now().toString(36).toUpperCase()}`);
    const video = await printedLabelVideo(request, sample);

    await withCamera(video, async (page, context) => {
      const tester = await openTesterBench(page, request, sample);
      await waitForServiceWorkerControl(page);
      await expect(page.getByTestId('sync-pending-count')).toHaveText('0');

      await goOffline(context);
      await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-online', 'false');
      await scanUntilCounted(page);

      const row = sampleRow(page, sample);
      await expect(row.locator('[data-pending="true"][data-status="TesterConfirmed"]')).toContainText('pending');
      await expect(page.getByTestId('sync-pending-count')).toHaveText('1');
      expect((await readTesterSample(request, tester, sample.id)).status).toBe('SentToTester');

      await goOnline(context);
      await expect(page.getByTestId('sync-pending-count')).toHaveText('0', { timeout: 30_000 });
      await expect(row.locator('[data-status="TesterConfirmed"]')).toBeVisible({ timeout: 15_000 });
      await expect(row).not.toHaveAttribute('data-pending', 'true');
      expect((await readTesterSample(request, tester, sample.id)).status).toBe('TesterConfirmed');
      expect(await testerCheckIns(request, tester, sample.id)).toBe(1);
    });
  });
});
