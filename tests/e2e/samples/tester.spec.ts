import { roleUsers } from '../support/accounts.ts';
import { expect, signInThroughApi, test } from '../support/fixtures.ts';
import { readTesterSample, seedSampleSentToTester, seedSampleTesterConfirmed } from '../support/sample-seeding.ts';

test.describe('[TESTER]', () => {
  test('[TESTER] updates a sample, sees the remaining weight and puts it into a package', async ({
    page,
    request,
    openSignedIn,
  }) => {
    const cs = await signInThroughApi(request, roleUsers.CustomerService);
    const shipping = await signInThroughApi(request, roleUsers.Shipping);
    const testerLogin = await signInThroughApi(request, roleUsers.Tester);
    const stamp = Date.now().toString(36).toUpperCase();
    const sample = await seedSampleTesterConfirmed(request, cs, testerLogin, `TST-${stamp}`);
    const created = await request.post('/api/sample-dispatch-batch', {
      headers: { authorization: `Bearer ${shipping.data.accessToken}` },
      data: { packageName: `Tester box ${stamp}`, shippmentNumber: `SHP-${stamp}` },
    });
    expect(created.status()).toBe(201);
    const packageCode = ((await created.json()) as { data: { packageCode: string } }).data.packageCode;

    const tester = await openSignedIn(roleUsers.Tester, `/testers/${sample.id}`);
    await expect(page.getByRole('heading', { name: `Tester Detail · ${sample.idflNumber}` })).toBeVisible();
    const form = page.getByRole('form', { name: 'Update Tester' });
    await form.getByLabel('Sample information').fill('');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Sample information is required')).toBeVisible();
    await expect(form.getByText('Isotopemix is required')).toBeVisible();

    await form.getByLabel('Sample information').fill('Raw cotton, two bales');
    await form.getByLabel('Isotope mix').fill('C/H/O');
    await form.getByLabel('Local code').fill(`LC-${stamp}`);
    await form.getByLabel('Identification').fill('Label intact');
    await form.getByLabel('Expected conclusion').fill('Consistent with the declared origin');
    await form.getByRole('combobox', { name: 'Country' }).click();
    await page.getByRole('option', { name: /^VN · / }).click();
    await form.getByLabel('Initial weight (g)').fill('12.5');
    await form.getByLabel('Sent weight (g)').fill('20');
    await expect(page.getByTestId('remaining-weight')).toHaveText('-7.5 g');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Sent weight cannot exceed the initial weight')).toBeVisible();
    await form.getByLabel('Sent weight (g)').fill('4');
    await expect(page.getByTestId('remaining-weight')).toHaveText('8.5 g');
    await form.getByRole('button', { name: 'Save' }).click();

    await expect
      .poll(async () => (await readTesterSample(request, tester, sample.id)).remainingWeight, { timeout: 20_000 })
      .toBe(8.5);
    const updated = await readTesterSample(request, tester, sample.id);
    expect(updated).toMatchObject({ isotopeMix: 'C/H/O', countryCode: 'VN', sentWeight: 4, status: 'TesterConfirmed' });

    // Into the Draft package; it leaves with the package.
    await page.getByRole('button', { name: 'Add to dispatch batch' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox', { name: 'I confirm all information above is correct.' }).click();
    await dialog.getByRole('button', { name: 'Add to package' }).click();
    await expect(dialog.getByText('Package code is required')).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Package code' }).click();
    await page.getByRole('option', { name: new RegExp(packageCode) }).click();
    await dialog.getByRole('button', { name: 'Add to package' }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(async () => (await readTesterSample(request, tester, sample.id)).packageCode, { timeout: 20_000 })
      .toBe(packageCode);
    await expect(page.getByRole('button', { name: 'Add to dispatch batch' })).toHaveCount(0, { timeout: 20_000 });
  });

  test('[TESTER] scans a label to check a sample in, then sends another back to CS', async ({
    page,
    request,
    openSignedIn,
  }) => {
    const cs = await signInThroughApi(request, roleUsers.CustomerService);
    const stamp = Date.now().toString(36).toUpperCase();
    const scanned = await seedSampleSentToTester(request, cs, `SCN-${stamp}`);
    const returned = await seedSampleSentToTester(request, cs, `UND-${stamp}`);

    const tester = await openSignedIn(roleUsers.Tester, '/testers');
    await expect(page.locator(`tr[data-idfl="${scanned.idflNumber}"] [data-status="SentToTester"]`)).toBeVisible();

    // No camera in the test browser: the label is typed, as a bench would with a damaged label.
    await page.getByRole('button', { name: 'Scan to check in' }).click();
    const scanner = page.getByRole('dialog');
    await scanner.getByLabel('Type the IDFL number or certificate address').fill(scanned.idflNumber.toLowerCase());
    await scanner.getByRole('button', { name: 'Use this code' }).click();
    await expect(scanner).toContainText(`${scanned.idflNumber} checked in`);
    await scanner.getByRole('button', { name: 'Done' }).click();
    await expect
      .poll(async () => (await readTesterSample(request, tester, scanned.id)).status, { timeout: 20_000 })
      .toBe('TesterConfirmed');

    await page.locator(`tr[data-idfl="${returned.idflNumber}"]`).getByRole('button', { name: 'Undo to CS' }).click();
    const undo = page.getByRole('dialog');
    await expect(undo).toContainText(`Send sample ${returned.idflNumber} back to the client-side lab`);
    await undo.getByRole('checkbox', { name: 'I confirm all information above is correct.' }).click();
    await undo.getByRole('button', { name: 'Send back' }).click();
    await expect
      .poll(
        async () => {
          const response = await request.get(`/api/cs-lab/get-detail/${returned.id}`, {
            headers: { authorization: `Bearer ${cs.data.accessToken}` },
          });
          return ((await response.json()) as { data: { status: string } }).data.status;
        },
        { timeout: 20_000 },
      )
      .toBe('CsConfirmed');
  });
});
