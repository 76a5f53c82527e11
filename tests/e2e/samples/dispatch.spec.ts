import { roleUsers } from '../support/accounts.ts';
import { expect, signInThroughApi, test } from '../support/fixtures.ts';
import { readTesterSample, seedSampleTesterConfirmed } from '../support/sample-seeding.ts';

test.describe('[SHIPPING]', () => {
  test('[SHIPPING] creates a package with tester-confirmed samples, prints its packing list and sends it', async ({
    page,
    request,
    openSignedIn,
  }) => {
    const cs = await signInThroughApi(request, roleUsers.CustomerService);
    const tester = await signInThroughApi(request, roleUsers.Tester);
    const stamp = Date.now().toString(36).toUpperCase();
    const sample = await seedSampleTesterConfirmed(request, cs, tester, `SHP-${stamp}`);

    await openSignedIn(roleUsers.Shipping, '/packages');
    await expect(page.getByRole('heading', { name: 'Shipping Management' })).toBeVisible();
    await page.getByRole('button', { name: 'Create package' }).click();
    const form = page.getByRole('form', { name: 'Create package' });
    await form.getByRole('button', { name: 'Create package' }).click();
    await expect(form.getByText('Package name is required')).toBeVisible();
    await expect(form.getByText('Shipment Number is required')).toBeVisible();
    await form.getByLabel('Package name').fill(`Box ${stamp}`);
    await form.getByLabel('Shipment Number').fill(`SN-${stamp}`);
    await form.getByRole('checkbox', { name: `Add sample ${sample.idflNumber}` }).click();
    await form.getByRole('button', { name: 'Create package' }).click();
    await expect(form).toBeHidden();

    await page.getByRole('textbox', { name: 'Shipment Number' }).fill(`SN-${stamp}`);
    const row = page.getByRole('row').filter({ hasText: `Box ${stamp}` });
    await expect(row.locator('[data-status="Draft"]')).toBeVisible({ timeout: 20_000 });
    await expect(row).not.toHaveAttribute('data-pending', 'true', { timeout: 20_000 });
    await expect(row.getByRole('cell', { name: '1', exact: true })).toBeVisible();

    await row.getByRole('button', { name: 'Packing list' }).click();
    const packing = page.getByRole('region', { name: 'Packing list' });
    await expect(packing).toContainText(sample.idflNumber);
    await expect(packing).toContainText(`SN-${stamp}`);
    // One title on screen, the dialog's with the package code; the printed page carries its own.
    await expect(page.getByRole('dialog').getByRole('heading')).toHaveText([/^Packing list · \S+$/]);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(packing).toBeVisible();
    await expect(packing.getByRole('heading')).toHaveText(/^Packing list · \S+$/);
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('button', { name: 'Close' }).first().click();

    await row.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Send' }).click();
    await expect(row.locator('[data-status="Sent"]')).toBeVisible({ timeout: 20_000 });
    await expect
      .poll(async () => (await readTesterSample(request, tester, sample.id)).status, { timeout: 20_000 })
      .toBe('SentToThirdLab');
  });
});
