import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { admin, e2eBaseUrl, roleUsers, type E2eAccount } from '../support/accounts.ts';
import { expect, seedSession, signInThroughApi, test } from '../support/fixtures.ts';
import { bookingBody, submitBookingThroughApi } from '../support/page-models/booking-pages.ts';

// One sample through the whole laboratory, each step taken in the browser by the role that owns it
// (signed in through the API, each in its own browser context), checked against the server.

/** A small but real PDF: the upload endpoint reads the type from the bytes. */
const resultPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

type SampleState = {
  status: string;
  packageCode: string | null;
  thirdLabEntries: {
    carbon: number | null;
    hydrogen: number | null;
    oxygen: number | null;
    reportFileId: string | null;
  }[];
  timeline: { action: string }[];
};

async function bearer(request: APIRequestContext, account: E2eAccount) {
  const login = await signInThroughApi(request, account);
  return { authorization: `Bearer ${login.data.accessToken}` };
}

type Headers = Awaited<ReturnType<typeof bearer>>;

/** The sample as the server has it (the supervisor's detail call, as the administrator). */
async function sampleOnServer(request: APIRequestContext, headers: Headers, id: number): Promise<SampleState> {
  const response = await request.get(`/api/supervisor-lab/get-detail/${id}`, { headers });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: SampleState }).data;
}

async function expectStatus(request: APIRequestContext, headers: Headers, id: number, status: string) {
  await expect.poll(async () => (await sampleOnServer(request, headers, id)).status, { timeout: 20_000 }).toBe(status);
}

/** A tab of its own for a role: the session seeded before the app starts, as the fixtures do. */
async function openAs(browser: Browser, request: APIRequestContext, account: E2eAccount, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: e2eBaseUrl, locale: 'en-US', serviceWorkers: 'allow' });
  const page = await context.newPage();
  await seedSession(page, await signInThroughApi(request, account));
  await page.goto(path);
  return page;
}

/** Ticks the workflow dialogs' confirmation and confirms. */
async function confirmInDialog(page: Page, dialogName: string, confirmLabel: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByRole('checkbox', { name: 'I confirm all information above is correct.' }).check();
  await dialog.getByRole('button', { name: confirmLabel, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test.describe('[JOURNEY]', () => {
  test('[JOURNEY] one sample travels the whole laboratory', async ({ browser, request }) => {
    test.setTimeout(240_000);

    // Checks against the server are made as the administrator, signed in once.
    const asAdmin = await bearer(request, admin);

    // A client's booking, submitted through the public API.
    const booking = await submitBookingThroughApi(request, bookingBody({ email: 'journey@delta-rice.example' }));

    // Customer service confirms the booking: one sample entry per sample type, New until it arrives.
    const cs = await openAs(browser, request, roleUsers.CustomerService, `/bookings/${booking.id}`);
    await cs.getByRole('button', { name: 'Confirm booking' }).click();
    await cs.getByRole('alertdialog').getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(cs.getByText('Booking confirmed successfully.')).toBeVisible();
    const detail = await request.get(`/api/bookings/detail/${booking.id}`, { headers: asAdmin });
    const { sampleEntries } = (
      (await detail.json()) as { data: { sampleEntries: { id: number; idflNumber: string }[] } }
    ).data;
    expect(sampleEntries).toHaveLength(1);
    const { id, idflNumber } = sampleEntries[0]!;
    await expectStatus(request, asAdmin, id, 'New');

    // ... checks the sample in when it arrives: its receipt, with the condition on receipt and a note ...
    await cs.goto(`/clients/${id}`);
    await cs.getByTestId('sample-actions').getByRole('button', { name: 'Check in' }).click();
    const receipt = cs.getByRole('dialog');
    await receipt.getByRole('combobox', { name: 'Received by' }).click();
    await cs.getByRole('option', { name: roleUsers.CustomerService.displayName }).click();
    await receipt.getByLabel('Initial weight (g)').fill('40');
    await receipt.getByRole('combobox', { name: 'Condition on receipt' }).click();
    await cs.getByRole('option', { name: 'Damaged' }).click();
    await receipt.getByLabel('Note on receipt').fill('Outer bag torn');
    await receipt.getByRole('checkbox', { name: 'I confirm all information above is correct.' }).click();
    await receipt.getByRole('button', { name: 'Check in' }).click();
    await expectStatus(request, asAdmin, id, 'CsConfirmed');

    // A damaged sample waits for the client's decision before it may go further; the client agrees to
    // testing it as received.
    await cs.goto(`/clients/${id}`);
    await cs.getByRole('button', { name: "Client's decision" }).click();
    const decision = cs.getByRole('dialog');
    await decision.getByRole('radio', { name: /Test as received/ }).check();
    await decision.getByRole('button', { name: 'Record decision' }).click();
    await expect(decision).toBeHidden();

    // ... and transfers the sample to the tester (CS Check In detail).
    await cs.getByRole('button', { name: 'Transfer to tester' }).click();
    await confirmInDialog(cs, 'Confirm Transfer', 'Transfer');
    await expectStatus(request, asAdmin, id, 'SentToTester');

    // The tester checks the sample in (Tester Workspace detail).
    const tester = await openAs(browser, request, roleUsers.Tester, `/testers/${id}`);
    await tester.getByTestId('sample-actions').getByRole('button', { name: 'Check in' }).click();
    await confirmInDialog(tester, 'Confirm Received', 'Check in');
    await expectStatus(request, asAdmin, id, 'TesterConfirmed');

    // Shipping makes a package on Shipping Management...
    const shipping = await openAs(browser, request, roleUsers.Shipping, '/packages');
    await shipping.getByRole('button', { name: 'Create package' }).click();
    const packageForm = shipping.getByRole('dialog', { name: 'Create package' });
    await packageForm.getByLabel('Package name').fill('Journey box');
    await packageForm.getByLabel('Shipment Number').fill('DHL-JOURNEY-1');
    await packageForm.getByRole('button', { name: 'Create package' }).click();
    await expect(packageForm).toBeHidden();
    const findPackage = async () => {
      const list = await request.get('/api/sample-dispatch-batch?shippmentNumber=DHL-JOURNEY-1', { headers: asAdmin });
      return ((await list.json()) as { data: { items: { id: number; packageCode: string }[] } }).data.items[0];
    };
    await expect.poll(findPackage, { timeout: 20_000 }).toBeDefined();
    const batch = (await findPackage())!;

    // ... the tester puts the sample in it on the Tester Workspace...
    await tester.getByRole('button', { name: 'Add to dispatch batch' }).click();
    const addToBatch = tester.getByRole('dialog', { name: 'Transfer to third lab' });
    await addToBatch.getByRole('combobox', { name: 'Package code' }).click();
    await tester.getByRole('option', { name: `${batch.packageCode} · Journey box` }).click();
    await confirmInDialog(tester, 'Transfer to third lab', 'Add to package');
    await expect
      .poll(async () => (await sampleOnServer(request, asAdmin, id)).packageCode, { timeout: 20_000 })
      .toBe(batch.packageCode);

    // ... and Shipping sends the package to the third lab.
    await shipping.reload();
    const packageRow = shipping.getByRole('row').filter({ hasText: batch.packageCode });
    await expect(packageRow.getByRole('cell', { name: '1', exact: true })).toBeVisible();
    await packageRow.getByRole('button', { name: 'Send', exact: true }).click();
    await shipping.getByRole('alertdialog', { name: 'Send package' }).getByRole('button', { name: 'Send' }).click();
    await expectStatus(request, asAdmin, id, 'SentToThirdLab');

    // The third lab (hoanVuLab, on its own screen) confirms it received the sample...
    const lab = await openAs(browser, request, roleUsers.hoanVuLab, '/thirdlab-samples');
    await expect(lab.getByRole('heading', { name: 'Testing statistics' })).toBeVisible();
    const row = lab.locator(`tr[data-idfl="${idflNumber}"]`);
    await row.getByRole('button', { name: 'Confirm Received' }).click();
    await confirmInDialog(lab, 'Confirm Received', 'Confirm Received');
    await expectStatus(request, asAdmin, id, 'ThirdLabConfirmed');
    await expect(row.locator('[data-status="ThirdLabConfirmed"]')).toBeVisible();

    // ... enters C, H and O with the PDF result...
    await row.getByRole('button', { name: `Open sample ${idflNumber}` }).click();
    const drawer = lab.getByRole('dialog', { name: idflNumber });
    await drawer.getByRole('button', { name: 'Save result' }).click();
    await expect(drawer.getByText('Carbon, Hydrogen, Oxygen is required')).toHaveCount(3);
    await drawer.getByLabel('Carbon (δ13C)').fill('-27.1');
    await drawer.getByLabel('Hydrogen (δ2H)').fill('-65.4');
    await drawer.getByLabel('Oxygen (δ18O)').fill('24.2');
    await drawer.getByLabel('Notes (result summary)').fill('Typical of the Mekong delta');
    await drawer.locator('input[type="file"]').setInputFiles({
      name: 'journey-result.pdf',
      mimeType: 'application/pdf',
      buffer: resultPdf,
    });
    await expect(drawer.getByTestId('result-report')).toContainText('journey-result.pdf');
    await drawer.getByRole('button', { name: 'Save result' }).click();
    await expect
      .poll(async () => (await sampleOnServer(request, asAdmin, id)).thirdLabEntries[0], { timeout: 20_000 })
      .toMatchObject({ carbon: -27.1, hydrogen: -65.4, oxygen: 24.2, reportFileId: expect.any(String) });

    // ... and returns the result.
    await drawer.getByRole('button', { name: 'Return Result' }).click();
    await confirmInDialog(lab, 'Return Result', 'Return Result');
    await expectStatus(request, asAdmin, id, 'ResultReturned');

    // The supervisor reads the result (the PDF from a blob URL), records the conclusion and confirms.
    const supervisor = await openAs(browser, request, roleUsers.Supervisor, '/supervisor-samples');
    await supervisor.getByRole('link', { name: `Open sample ${idflNumber}` }).click();
    await expect(supervisor.getByRole('heading', { name: `Sample ${idflNumber}` })).toBeVisible();
    await expect(supervisor.getByTestId('report-pdf-link')).toHaveAttribute('href', /^blob:/);
    await supervisor.getByLabel('Expected conclusion*', { exact: true }).fill('Vietnam');
    await supervisor.getByRole('textbox', { name: 'Conclusion', exact: true }).fill('Consistent with Vietnam');
    await supervisor.getByLabel('Predicted origin', { exact: true }).fill('Mekong Delta');
    await supervisor.getByLabel('Reason for the origin conclusion').fill('No reference set for this material yet');
    await supervisor.getByRole('button', { name: 'Save conclusion' }).click();
    await expect(supervisor.getByText(`The conclusion of sample ${idflNumber} has been saved.`)).toBeVisible();
    await supervisor.getByRole('button', { name: 'Confirm final result' }).click();
    await supervisor.getByRole('alertdialog').getByRole('button', { name: 'Confirm final result' }).click();
    await expect(supervisor.getByText(`The final result of sample ${idflNumber} has been confirmed.`)).toBeVisible();
    await expectStatus(request, asAdmin, id, 'ResultConfirmed');
    await expect(supervisor.locator('[data-status="ResultConfirmed"]').first()).toBeVisible();

    // The timeline shows every step, in the order the server recorded them.
    const onServer = (await sampleOnServer(request, asAdmin, id)).timeline.map((event) => event.action);
    for (const step of [
      'transferToTester',
      'testerCheckIn',
      'addToDispatchBatch',
      'sendToThirdLab',
      'thirdLabCheckIn',
      'updateResult',
      'returnResult',
      'updateConclusion',
      'confirmFinalResult',
    ])
      expect(onServer).toContain(step);
    const timeline = supervisor.getByTestId('custody-timeline').locator('li[data-action]');
    await expect(timeline).toHaveCount(onServer.length);
    expect(await timeline.evaluateAll((items) => items.map((item) => item.getAttribute('data-action')))).toEqual(
      onServer,
    );

    // The printable report carries the result, the conclusion and the same timeline.
    await supervisor.getByRole('link', { name: 'Report' }).click();
    const report = supervisor.getByRole('article', { name: 'Sample report' });
    await expect(report.getByRole('heading', { name: `Sample report ${idflNumber}` })).toBeVisible();
    // Isotope values as the laboratory writes them: two decimals, per mil.
    await expect(report.getByRole('cell', { name: '-27.10 ‰', exact: true })).toBeVisible();
    await expect(report.getByRole('definition').filter({ hasText: /^Consistent with Vietnam$/ })).toBeVisible();
    await expect(report.getByTestId('custody-timeline').locator('li[data-action]')).toHaveCount(onServer.length);
  });
});
