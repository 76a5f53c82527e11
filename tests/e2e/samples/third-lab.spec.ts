import { admin, roleUsers } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { headersOf, sampleStatus, sendSampleToThirdLab } from '../support/sample-setup.ts';

// The third lab's bench (hoanVuLab lands on /thirdlab-samples): steps work with the network down and
// are applied once it is back; a whole package can be undone.

test.describe('[THIRD LAB]', () => {
  test('[THIRD LAB] hoanVuLab lands on its own screen with the statistic summary', async ({
    openSignedIn,
    page,
    request,
  }) => {
    const asAdmin = await headersOf(request, admin);
    const sample = await sendSampleToThirdLab(request, asAdmin, 'landing@third-lab.example');
    await openSignedIn(roleUsers.hoanVuLab, '/dashboard');
    await expect(page).toHaveURL(/\/thirdlab-samples$/);
    await expect(page.getByRole('heading', { name: 'Testing statistics' })).toBeVisible();
    await expect(page.getByTestId('summary-awaiting').getByText(/^\d+$/)).not.toHaveText('0');
    await expect(page.locator(`tr[data-idfl="${sample.idflNumber}"] [data-status="SentToThirdLab"]`)).toBeVisible();
  });

  test('[THIRD LAB] confirm received offline: queued on the device, applied when the network is back', async ({
    openSignedIn,
    page,
    context,
    request,
  }) => {
    const asAdmin = await headersOf(request, admin);
    const sample = await sendSampleToThirdLab(request, asAdmin, 'offline@third-lab.example');
    await openSignedIn(roleUsers.hoanVuLab, '/thirdlab-samples');
    const row = page.locator(`tr[data-idfl="${sample.idflNumber}"]`);
    await expect(row).toBeVisible();

    // The network goes: the page and its service worker reach nothing.
    await context.setOffline(true);
    await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await row.getByRole('button', { name: 'Confirm Received' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Received' });
    await dialog.getByRole('button', { name: 'Confirm Received' }).click();
    await expect(dialog.getByText('Please confirm all information is correct.')).toBeVisible();
    await dialog.getByRole('checkbox', { name: 'I confirm all information above is correct.' }).check();
    await dialog.getByRole('button', { name: 'Confirm Received' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.locator('[data-pending="true"][data-status="ThirdLabConfirmed"]')).toBeVisible();
    expect(await sampleStatus(request, asAdmin, sample.id)).toBe('SentToThirdLab');

    // Back online: the outbox is sent and the row shows the server's state.
    await context.unroute('**/api/**');
    await context.setOffline(false);
    await expect.poll(() => sampleStatus(request, asAdmin, sample.id), { timeout: 30_000 }).toBe('ThirdLabConfirmed');
    await expect(row.locator('[data-status="ThirdLabConfirmed"]:not([data-pending])')).toBeVisible({ timeout: 15_000 });
  });

  test('[THIRD LAB] undo a sample transaction by package code', async ({ openSignedIn, page, request }) => {
    const asAdmin = await headersOf(request, admin);
    const sample = await sendSampleToThirdLab(request, asAdmin, 'undo@third-lab.example');
    await openSignedIn(roleUsers.hoanVuLab, '/thirdlab-samples');
    await page.getByRole('button', { name: `Open sample ${sample.idflNumber}` }).click();
    const drawer = page.getByRole('dialog', { name: sample.idflNumber });
    await drawer.getByRole('button', { name: 'Undo package' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Undo sample transaction' });
    await expect(confirm.getByLabel('Package code')).toHaveValue(sample.packageCode);
    await confirm.getByRole('button', { name: 'Undo package' }).click();
    await expect.poll(() => sampleStatus(request, asAdmin, sample.id), { timeout: 20_000 }).toBe('TesterConfirmed');
  });
});
