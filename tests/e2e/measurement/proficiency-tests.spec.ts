import { admin } from '../support/accounts.ts';
import { callApi, headersOf } from '../support/sample-setup.ts';
import { expect, test } from '../support/fixtures.ts';

// The proficiency tests screen: the administrator records a round through its dialog, reads its z and
// class in words in both languages, downloads the history, and reads the measurement uncertainty.

/** Whether the page itself scrolls sideways (a wide table may scroll inside its own box). */
const pageOverflows = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

test.describe('[PROFICIENCY]', () => {
  test('[PROFICIENCY] a round recorded through the dialog shows its z and class, in English and Vietnamese', async ({
    page,
    openSignedIn,
  }) => {
    const scheme = `FIT-PTS ${Date.now()}`;
    await openSignedIn(admin, '/proficiency-tests');
    await expect(page.getByRole('heading', { level: 1, name: 'Proficiency tests' })).toBeVisible();

    await page.getByRole('button', { name: 'Add a round' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a proficiency test result' });
    await dialog.getByLabel('Scheme').fill(scheme);
    await dialog.getByLabel('Material', { exact: true }).fill('Honey PT-7');
    await dialog.getByLabel('Element').selectOption('carbon');
    // σp starts at the element's default.
    await expect(dialog.getByLabel('σp (‰)')).toHaveValue('0.15');
    await dialog.getByLabel("Laboratory's value (‰)").fill('-26.00');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // The assigned value was left out: said under its field, and nothing is saved.
    await expect(dialog.locator('#pt-assigned-error')).toHaveText('Enter a number');
    await dialog.getByLabel('Assigned value (‰)').fill('-26.39');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    // (−26.00 − −26.39) / 0.15 = 2.60: questionable.
    await expect(page.getByText('Round saved: z = 2.60 (Questionable).')).toBeVisible();

    const row = page.getByRole('row').filter({ hasText: scheme });
    await expect(row.getByTestId('z')).toHaveText('2.60');
    await expect(row.getByText('Questionable')).toBeVisible();
    await expect(row).toContainText('δ13C');
    await expect(row).not.toContainText('questionable');

    // The uncertainty card: each element's U, or in words why there is none yet.
    const carbon = page.getByTestId('uncertainty-carbon');
    await expect(carbon).toContainText(/Not yet established: Too few check-standard results|U \(k = 2\)/);

    // The history of one element, as a file in the page's language.
    await page.getByLabel('Element').selectOption('carbon');
    await expect(row).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^proficiency-tests-carbon-\d{4}-\d{2}-\d{2}\.csv$/);

    for (const width of [820, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(row).toBeAttached();
      expect(await pageOverflows(page), `the page scrolls sideways at ${width} px`).toBe(false);
    }

    await page.evaluate(() => localStorage.setItem('language', 'vi'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Thử nghiệm thành thạo' })).toBeVisible();
    const viRow = page.getByRole('row').filter({ hasText: scheme });
    await expect(viRow.getByText('Đáng ngờ')).toBeVisible();
    await expect(page.getByTestId('uncertainty-carbon')).toContainText(
      /Chưa được thiết lập: Quá ít kết quả mẫu chuẩn kiểm tra|U \(k = 2\)/,
    );
    expect(await pageOverflows(page)).toBe(false);
  });

  test('[PROFICIENCY] an unsatisfactory round opens a non-conformity its entrant may not release', async ({
    page,
    request,
    openSignedIn,
  }) => {
    const scheme = `IAEA-PT ${Date.now()}`;
    // (8.90 − 8.00) / 0.25 = 3.60: unsatisfactory.
    const round = (await callApi(request, await headersOf(request, admin), 'POST', '/api/qc/proficiency-tests', {
      scheme,
      roundDate: '2026-11-20',
      material: 'Water PT-3',
      element: 'oxygen',
      assignedValue: 8,
      laboratoryValue: 8.9,
    })) as { nonconformity: { id: number } };
    const number = round.nonconformity.id;

    await openSignedIn(admin, '/proficiency-tests');
    const row = page.getByRole('row').filter({ hasText: scheme });
    await expect(row.getByText('Unsatisfactory')).toBeVisible();
    await row.getByRole('link', { name: `Non-conformity no. ${number}: Open` }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Non-conformities' })).toBeVisible();
    const record = page.getByTestId(`nonconformity-${number}`);
    await expect(record).toContainText('Unsatisfactory proficiency result (|z| > 3)');
    await expect(record).toContainText(`Proficiency test ${scheme}: δ18O, z = 3.60`);
    await expect(record).toContainText('20 November 2026 · Entered by Administrator');
    await expect(record).toContainText('You entered this round: another supervisor must release it.');
    await page.setViewportSize({ width: 820, height: 1180 });
    await expect(record).toBeVisible();
    expect(await pageOverflows(page)).toBe(false);
    // Nor does the table scroll in its box: the long words wrap.
    const table = page.getByRole('table', { name: 'Non-conformities' });
    expect(await table.evaluate((node) => node.parentElement!.scrollWidth > node.parentElement!.clientWidth + 1)).toBe(
      false,
    );

    await page.evaluate(() => localStorage.setItem('language', 'vi'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Sự không phù hợp' })).toBeVisible();
    await expect(record).toContainText(`Thử nghiệm thành thạo ${scheme}: δ18O, z = 3.60`);
    await expect(record).toContainText('Bạn đã nhập vòng này: một giám sát viên khác phải giải phóng.');
    expect(await pageOverflows(page)).toBe(false);
  });
});
