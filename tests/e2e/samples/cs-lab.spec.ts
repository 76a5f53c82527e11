import { roleUsers } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';

test.describe('[CS]', () => {
  test('[CS] check in, transfer to tester', async ({ page, request, openSignedIn }) => {
    const cs = await openSignedIn(roleUsers.CustomerService, '/clients');
    await expect(page.getByRole('heading', { name: 'CS Check In' })).toBeVisible();
    const code = `CS-${Date.now().toString(36).toUpperCase()}`;

    // Create sample: the form says what is missing, then the sample is queued and sent.
    await page.getByRole('button', { name: 'Create sample' }).click();
    const form = page.getByRole('form', { name: 'Create sample' });
    await form.getByRole('button', { name: 'Create sample' }).click();
    await expect(form.getByText('Sample type is required')).toBeVisible();
    await expect(form.getByText('Client info is required')).toBeVisible();
    await form.getByLabel('Sample type').fill('Cotton lint');
    await form.getByLabel('Sample code').fill(code);
    await form.getByLabel('Source', { exact: true }).fill('E2E CS');
    await form.getByLabel('Info from client').fill('Bale 7, from the e2e run');
    await form.getByRole('button', { name: 'Create sample' }).click();
    await expect(form).toBeHidden();

    await page.getByRole('textbox', { name: 'Search' }).fill(code);
    const row = page.getByRole('row').filter({ hasText: code });
    await expect(row.locator('[data-status="New"]')).toBeVisible({ timeout: 20_000 });
    await expect(row).not.toHaveAttribute('data-pending', 'true', { timeout: 20_000 });
    const idflNumber = (await row.locator('a').first().textContent())!.trim();
    expect(idflNumber).toMatch(/^IDFL-\d{4}-\d{5}$/);

    // Check in: the dialog needs the weight and the confirmation.
    await row.getByRole('button', { name: 'Check in' }).click();
    const checkIn = page.getByRole('dialog');
    await checkIn.getByRole('button', { name: 'Check in' }).click();
    await expect(checkIn.getByText('Please confirm all information is correct.')).toBeVisible();
    await checkIn.getByRole('checkbox', { name: 'I confirm all information above is correct.' }).click();
    await checkIn.getByRole('button', { name: 'Check in' }).click();
    await expect(checkIn.getByText('Received by is required')).toBeVisible();
    await expect(checkIn.getByText('Weight is required')).toBeVisible();
    await checkIn.getByRole('combobox', { name: 'Received by' }).click();
    await page.getByRole('option', { name: roleUsers.CustomerService.displayName }).click();
    await checkIn.getByLabel('Initial weight (g)').fill('25.5');
    await checkIn.getByRole('button', { name: 'Check in' }).click();
    await expect(checkIn).toBeHidden();
    await expect(row.locator('[data-status="CsConfirmed"]')).toBeVisible({ timeout: 20_000 });

    // Transfer to tester, from the detail screen.
    await row.getByRole('link', { name: idflNumber }).click();
    await expect(page.getByRole('heading', { name: `CS Check In · ${idflNumber}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'General Information' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Sample Process' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Sample Properties' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Note & Images' })).toBeVisible();
    await page.getByTestId('sample-actions').getByRole('button', { name: 'Transfer to tester' }).click();
    const transfer = page.getByRole('dialog');
    await expect(transfer).toContainText(`Are you sure you want to transfer sample ${idflNumber}?`);
    await transfer.getByRole('checkbox', { name: 'I confirm all information above is correct.' }).click();
    await transfer.getByRole('button', { name: 'Transfer' }).click();
    await expect(page.getByText('Transfer Successful')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(`Sample ${idflNumber} has been successfully transferred.`)).toBeVisible();
    await expect(page.locator('[data-status="SentToTester"]').first()).toBeVisible({ timeout: 20_000 });
    const timeline = page.getByTestId('custody-timeline');
    await expect(timeline.locator('[data-action="transferToTester"]')).toBeVisible();
    await expect(timeline.locator('[data-action="csCheckIn"]')).toBeVisible();

    // The server agrees.
    const list = await request.get(`/api/cs-lab/get-all?IDFLNumber=${idflNumber}`, {
      headers: { authorization: `Bearer ${cs.data.accessToken}` },
    });
    const items = (
      (await list.json()) as { data: { items: { idflNumber: string; status: string; initialWeight: number }[] } }
    ).data.items;
    expect(items.find((item) => item.idflNumber === idflNumber)).toMatchObject({
      status: 'SentToTester',
      initialWeight: 25.5,
    });
  });
});
