import { e2eBaseUrl, roleUsers } from '../support/accounts.ts';
import { expect, seedSession, signInThroughApi, test } from '../support/fixtures.ts';
import { authorised } from '../support/sample-seeding.ts';

// A sample received damaged is held at the client-side lab until Customer Service records the
// client's decision; once tested as received, every bench that shows it says it arrived damaged.

test.describe('[RECEIPT DAMAGE]', () => {
  test('CS records the client\'s decision on a held sample, and the tester\'s list says "Damaged"', async ({
    browser,
    page,
    request,
    openSignedIn,
  }) => {
    const cs = await signInThroughApi(request, roleUsers.CustomerService);
    const headers = authorised(cs);
    const stamp = Date.now().toString(36).toUpperCase();
    const created = await request.post('/api/cs-lab/create', {
      headers,
      data: { sampleType: 'Cotton', sampleCode: `DMG-${stamp}`, source: 'E2E bench', fromClientInfo: 'Seeded' },
    });
    expect(created.status()).toBe(201);
    const sample = ((await created.json()) as { data: { id: number; idflNumber: string } }).data;
    const checkedIn = await request.put(`/api/cs-lab/check-in?id=${sample.id}&entry=sample`, {
      headers,
      data: {
        receivedDate: new Date().toISOString(),
        receivedBy: 'Cam Service',
        initialWeight: 12.5,
        receivedCondition: 'damaged',
        receiptNote: 'Bag torn at one corner',
      },
    });
    expect(checkedIn.status()).toBe(200);

    await openSignedIn(roleUsers.CustomerService, `/clients/${sample.id}`);
    const panel = page.getByTestId('receipt-decision-panel');
    await expect(panel.getByText("On hold: awaiting the client's decision").first()).toBeVisible();
    await expect(panel.getByText('Receipt note: Bag torn at one corner')).toBeVisible();
    // Held: the transfer to the tester is not offered.
    await expect(page.getByRole('button', { name: 'Transfer to tester' })).toHaveCount(0);

    await panel.getByRole('button', { name: "Client's decision" }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Record decision' }).click();
    await expect(
      dialog.getByText("Choose the client's decision: test as received, send a replacement or return the sample"),
    ).toBeVisible();
    await dialog.getByRole('radio', { name: /Test as received/ }).check();
    await dialog.getByLabel('Note (optional)').fill('Client agreed by phone');
    await dialog.getByRole('button', { name: 'Record decision' }).click();
    await expect(dialog).toBeHidden();
    await expect(panel).toBeHidden();
    // Released: the transfer is offered, and the custody log has the decision.
    await expect(page.getByRole('button', { name: 'Transfer to tester' })).toBeVisible();
    await expect(page.getByText("Client's decision recorded").first()).toBeVisible();

    const transferred = await request.put(`/api/cs-lab/transfer-to-tester?id=${sample.id}`, { headers });
    expect(transferred.status()).toBe(200);

    // The tester, on a device of their own.
    const testerContext = await browser.newContext({ baseURL: e2eBaseUrl, locale: 'en-US' });
    const tester = await testerContext.newPage();
    await seedSession(tester, await signInThroughApi(request, roleUsers.Tester));
    await tester.goto('/testers');
    const mark = tester.locator(`tr[data-idfl="${sample.idflNumber}"] [data-receipt-condition="damaged"]`);
    // A first visit on a new device fetches the bench's list before it shows it.
    await expect(mark).toContainText('Damaged', { timeout: 30_000 });
    await expect(mark).toContainText('Test as received');
    await testerContext.close();
  });
});
