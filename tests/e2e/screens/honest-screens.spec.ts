import { admin } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * What a screen says is true. A list or detail the server could not be asked for
 * says so (never "No data" or "does not exist"), the header notices, and a country change the
 * server refuses is refused where it was made, in the user's language, leaving no phantom row.
 */
test.describe('[HONEST]', () => {
  test('[HONEST] a booking search the server cannot answer says so, and the header notices', async ({
    page,
    context,
    openSignedIn,
  }) => {
    await openSignedIn(admin, '/bookings');
    await expect(page.getByRole('heading', { name: 'Client Requests', level: 1 })).toBeVisible();
    await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-online', 'true');

    await context.route('**/api/bookings**', (route) => route.abort('connectionrefused'));
    await page.getByRole('searchbox').fill('nothing-reaches-the-server');
    const table = page.getByRole('table');
    await expect(table.getByTestId('load-problem')).toHaveText(/server could not be reached/i, { timeout: 20_000 });
    await expect(table).not.toContainText('No data');
    await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-online', 'false');

    // Back: a search with truly nothing in it says "No data", and the header is online again.
    await context.unroute('**/api/bookings**');
    await page.getByRole('searchbox').fill('nothing-matches-this-search');
    await expect(table).toContainText('No data');
    await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-online', 'true');
  });

  test('[HONEST] a booking page the server cannot answer does not claim the booking does not exist', async ({
    page,
    context,
    openSignedIn,
  }) => {
    await context.route('**/api/bookings/**', (route) => route.abort('connectionrefused'));
    await openSignedIn(admin, '/bookings/1');
    await expect(page.getByTestId('load-problem')).toHaveText(/server could not be reached/i, { timeout: 20_000 });
    await expect(page.getByText('This booking does not exist.')).toHaveCount(0);
  });

  for (const language of ['en', 'vi'] as const) {
    test(`[HONEST] a duplicate country code is refused in the dialog (${language}), with no phantom row`, async ({
      page,
      openSignedIn,
    }) => {
      await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
      await openSignedIn(admin, '/settings/countries');
      await expect(page.getByRole('cell', { name: 'VN', exact: true })).toBeVisible();
      const words =
        language === 'en'
          ? { add: 'Add country', save: 'Save', reason: 'A country with this code already exists' }
          : { add: 'Thêm quốc gia', save: 'Lưu', reason: 'Đã có quốc gia với mã này' };

      await page.getByRole('button', { name: words.add }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('#country-code').fill('VN');
      await dialog.locator('#country-name').fill('Second Vietnam');
      await dialog.getByRole('button', { name: words.save }).click();

      await expect(dialog).toContainText(words.reason);
      await expect(page.getByRole('row').filter({ hasText: 'Second Vietnam' })).toHaveCount(0);
      await expect(page.getByTestId('sync-pending-count')).toHaveText('0');
    });
  }

  test("[HONEST] an edit someone else overtook is refused in the dialog, and the list keeps the server's row", async ({
    page,
    request,
    openSignedIn,
  }) => {
    const login = await openSignedIn(admin, '/settings/countries');
    const suffix = String(Date.now() % 676);
    const code = `Z${String.fromCharCode(65 + (Number(suffix) % 26))}${String.fromCharCode(65 + Math.floor(Number(suffix) / 26))}`;
    const auth = { authorization: `Bearer ${login.data.accessToken}` };
    const made = await request.post('/api/country', { headers: auth, data: { code, name: `Overtaken ${code}` } });
    expect(made.ok()).toBe(true);
    const created = ((await made.json()) as { data: { id: number; version: number } }).data;
    await page.getByLabel('Filter by code').fill(code);
    const row = page.getByRole('row').filter({ hasText: `Overtaken ${code}` });
    await row.getByRole('button', { name: `Edit Overtaken ${code}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#country-name').fill(`Mine ${code}`);

    // Meanwhile someone else renames it.
    const theirs = await request.put(`/api/country?id=${created.id}`, {
      headers: auth,
      data: { code, name: `Theirs ${code}`, version: created.version },
    });
    expect(theirs.ok()).toBe(true);

    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByTestId('server-verdict')).toHaveText(/changed by someone else/);
    await expect(page.getByTestId('sync-pending-count')).toHaveText('0');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('row').filter({ hasText: `Mine ${code}` })).toHaveCount(0);
  });
});
