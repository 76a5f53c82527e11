import { admin, e2eBaseUrl, roleUsers } from '../support/accounts.ts';
import { expect, seedSession, signInThroughApi, test } from '../support/fixtures.ts';
import { headersOf, returnResult, sampleStatus, sendSampleToThirdLab } from '../support/sample-setup.ts';

// The supervisor's sign-off: the four-eyes rule is the server's and its message is shown; a confirmed
// sample's data goes to the clean isotope data set with its coordinates.

test.describe('[SUPERVISOR]', () => {
  test('[SUPERVISOR] four eyes: who entered the result cannot confirm it; another supervisor can', async ({
    browser,
    openSignedIn,
    page,
    request,
  }) => {
    const asAdmin = await headersOf(request, admin);
    const sample = await sendSampleToThirdLab(request, asAdmin, 'four-eyes@supervisor.example');
    // The administrator enters and returns the result, then records the conclusion.
    await returnResult(request, asAdmin, sample.id);
    await openSignedIn(admin, `/supervisor-samples/${sample.id}`);
    await page.getByLabel('Expected conclusion*', { exact: true }).fill('Vietnam');
    await page.getByRole('textbox', { name: 'Conclusion', exact: true }).fill('Consistent with Vietnam');
    // No origin analysis is saved to the sample: Confirm waits, saying why, until the reason is recorded.
    await expect(page.getByRole('button', { name: 'Confirm final result' })).toBeDisabled();
    await expect(page.getByTestId('confirm-blockers')).toContainText('Save an origin analysis to this sample');
    await page.getByLabel('Reason for the origin conclusion').fill('No reference set for cotton yet');
    await page.getByRole('button', { name: 'Save conclusion' }).click();
    await expect(page.getByText(`The conclusion of sample ${sample.idflNumber} has been saved.`)).toBeVisible();
    await page.getByRole('button', { name: 'Confirm final result' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm final result' }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Four eyes: you entered this result, so someone else must confirm the final result.' }),
    ).toBeVisible();
    expect(await sampleStatus(request, asAdmin, sample.id)).toBe('ResultReturned');

    // The supervisor (someone else) confirms, then transfers the data to the clean isotope data set.
    const country = await request.post('/api/country', { headers: asAdmin, data: { code: 'VN', name: 'Vietnam' } });
    expect([201, 409]).toContain(country.status());
    const context = await browser.newContext({ baseURL: e2eBaseUrl, locale: 'en-US' });
    const other = await context.newPage();
    await seedSession(other, await signInThroughApi(request, roleUsers.Supervisor));
    await other.goto(`/supervisor-samples/${sample.id}`);
    await other.getByRole('button', { name: 'Confirm final result' }).click();
    await other.getByRole('alertdialog').getByRole('button', { name: 'Confirm final result' }).click();
    await expect(other.getByText(`The final result of sample ${sample.idflNumber} has been confirmed.`)).toBeVisible();
    await expect.poll(() => sampleStatus(request, asAdmin, sample.id)).toBe('ResultConfirmed');

    await other.getByRole('button', { name: 'Transfer to clean data' }).click();
    const transfer = other.getByRole('dialog', { name: 'Transfer IDFL data' });
    await transfer.getByRole('button', { name: 'Transfer', exact: true }).click();
    await expect(transfer.getByText('Latitude is required')).toBeVisible();
    await expect(transfer.getByText('Longitude is required')).toBeVisible();
    await transfer.getByRole('combobox', { name: 'Country*' }).click();
    await other.getByRole('option', { name: 'VN · Vietnam' }).click();
    await transfer.getByLabel('Latitude*').fill('10.03');
    await transfer.getByLabel('Longitude*').fill('105.78');
    await transfer.getByLabel('Region').fill('Mekong Delta');
    await transfer.getByRole('button', { name: 'Transfer', exact: true }).click();
    await expect(other.getByText(`The IDFL data of sample ${sample.idflNumber} has been transferred.`)).toBeVisible();

    // The certificate of analysis completes the sample.
    await other.getByRole('button', { name: 'Issue certificate' }).click();
    await other.getByRole('alertdialog').getByRole('button', { name: 'Issue certificate' }).click();
    await expect(other.getByText(`The certificate of sample ${sample.idflNumber} has been issued.`)).toBeVisible();
    await expect.poll(() => sampleStatus(request, asAdmin, sample.id)).toBe('Completed');

    // Staff hold their certificates on the sample page: the version, its standing, and revoke with a reason.
    const certificates = other.getByRole('region', { name: 'Certificates' });
    await expect(certificates.getByText('Valid certificate')).toBeVisible();
    await expect(certificates.getByRole('button', { name: 'Open PDF' })).toBeVisible();
    await expect(certificates.getByRole('button', { name: 'Copy verification link' })).toBeVisible();
    await expect(certificates.getByRole('button', { name: 'Send to client' })).toBeVisible();
    await certificates.getByRole('button', { name: 'Revoke' }).click();
    const revoke = other.getByRole('dialog', { name: 'Revoke the certificate' });
    await revoke.getByLabel('Reason').fill('Sample mix-up at reception');
    await revoke.getByRole('button', { name: 'Revoke certificate' }).click();
    await expect(certificates.getByText('Revoked: Sample mix-up at reception')).toBeVisible();
    await context.close();
  });
});
