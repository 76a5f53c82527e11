import type { Page } from '@playwright/test';
import { roleUsers } from '../support/accounts.ts';
import { expect, signInThroughApi, test } from '../support/fixtures.ts';
import {
  goOffline,
  goOnline,
  sampleRow,
  testerCheckIns,
  waitForServiceWorkerControl,
} from '../support/offline-network.ts';
import { readTesterSample, seedSampleSentToTester, type SeededSample } from '../support/sample-seeding.ts';

// The tester's bench keeps working with the network cut: check-ins are queued in the outbox, shown
// as pending, and sent once when the network comes back. The network is cut for the
// page AND its service worker (support/offline-network.ts).

async function checkIn(page: Page, sample: SeededSample) {
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
    for (const sample of samples)
      expect((await readTesterSample(request, tester, sample.id)).status).toBe('SentToTester');

    await goOnline(context);
    await expect(page.getByTestId('sync-pending-count')).toHaveText('0', { timeout: 30_000 });
    for (const sample of samples) {
      await expect(sampleRow(page, sample).locator('[data-status="TesterConfirmed"]')).toBeVisible({ timeout: 15_000 });
      await expect(sampleRow(page, sample)).not.toHaveAttribute('data-pending', 'true');
      expect((await readTesterSample(request, tester, sample.id)).status).toBe('TesterConfirmed');
      expect(await testerCheckIns(request, tester, sample.id)).toBe(1);
    }
  });
});
