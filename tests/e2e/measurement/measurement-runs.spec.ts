import { admin, roleUsers } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { clippedOnScreen } from '../support/list-routes.ts';
import { callApi, headersOf, sendSampleToThirdLab, type SentSample } from '../support/sample-setup.ts';

// The third lab uploads an instrument run for a package and reads its calibration: each element's
// line through the anchors, and the samples' normalised values written into their results.

// The instrument's raw deltas against its working gas: a scale that stretches true values by 1.02
// and shifts them by 1.5 ‰ (carbon) and -0.8 ‰ (nitrogen), as a real working gas would.
const rawCarbon = (trueValue: number) => (trueValue - 1.5) / 1.02;
const rawNitrogen = (trueValue: number) => (trueValue + 0.8) / 1.02;

const USGS40 = { carbon: -26.39, nitrogen: -4.52 };
const USGS41A = { carbon: 36.55, nitrogen: 47.55 };

/** An Isodat export: one reference-gas row (Is Ref _ = 1, skipped by the reader) and one sample peak per analysis. */
function isodatCsv(samples: { idflNumber: string; carbon: number; nitrogen: number }[]): string {
  const rows: string[] = ['Identifier 1,Identifier 2,Row,Is Ref _,d 13C/12C,d 15N/14N,Amount'];
  let row = 0;
  const analysis = (identifier: string, carbon: number, nitrogen: number, amount: number) => {
    row += 1;
    rows.push(`${identifier},A${row},${row},1,0.000,0.000,`);
    rows.push(
      `${identifier},A${row},${row},0,${rawCarbon(carbon).toFixed(3)},${rawNitrogen(nitrogen).toFixed(3)},${amount}`,
    );
  };
  for (let i = 0; i < 2; i += 1) {
    analysis('USGS40', USGS40.carbon + (i ? 0.03 : -0.03), USGS40.nitrogen + (i ? -0.04 : 0.04), 0.52);
    analysis('USGS41a', USGS41A.carbon + (i ? -0.05 : 0.05), USGS41A.nitrogen + (i ? 0.06 : -0.06), 0.5);
  }
  for (const sample of samples) analysis(sample.idflNumber, sample.carbon, sample.nitrogen, 0.61);
  // A row the lab typed wrong: left to assign. (A blank's row would be skipped, not left to assign.)
  analysis('IDFL-7X', -27.5, 3.1, 0.4);
  for (let i = 0; i < 2; i += 1) {
    analysis('USGS40', USGS40.carbon + (i ? 0.02 : -0.02), USGS40.nitrogen, 0.51);
    analysis('USGS41a', USGS41A.carbon, USGS41A.nitrogen + (i ? 0.03 : -0.03), 0.5);
  }
  return rows.join('\n');
}

test.describe('[MEASUREMENT RUNS]', () => {
  test('[MEASUREMENT RUNS] the third lab uploads a run for a package and reads its calibration and values', async ({
    openSignedIn,
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const asAdmin = await headersOf(request, admin);
    const sample: SentSample = await sendSampleToThirdLab(request, asAdmin, 'run@third-lab.example');
    await callApi(request, asAdmin, 'PUT', `/api/third-lab/check-in?id=${sample.id}`);
    const csv = isodatCsv([{ idflNumber: sample.idflNumber, carbon: -26.8, nitrogen: 6.4 }]);

    await openSignedIn(roleUsers.hoanVuLab, '/thirdlab-samples');
    await page.getByRole('link', { name: 'Measurement runs' }).click();
    await expect(page.getByRole('heading', { name: 'Measurement runs' })).toBeVisible();
    await page.getByRole('button', { name: 'Upload a run' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload a measurement run' });
    await dialog.getByLabel('Run file').setInputFiles({
      name: 'EA-run-2026-03-02.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await dialog.getByLabel('Package').selectOption({ label: sample.packageCode });
    await dialog.getByLabel('δ13C').fill('USGS40, USGS41a');
    await dialog.getByLabel('δ15N').fill('USGS40; USGS41a');
    await dialog.getByRole('button', { name: 'Upload and compute' }).click();

    // The run's own screen: a calibration chart per element, the samples' values, the row to assign.
    await expect(page.getByRole('heading', { name: 'Run EA-run-2026-03-02.csv' })).toBeVisible({ timeout: 30_000 });
    for (const [element, scale] of [
      ['carbon', 'δ13C ‰ VPDB'],
      ['nitrogen', 'δ15N ‰ AIR'],
    ] as const) {
      const card = page.getByTestId(`calibration-${element}`);
      await expect(card.getByText(scale, { exact: true })).toBeVisible();
      await expect(card.getByRole('img', { name: /^Calibration line of/ })).toBeVisible();
      await expect(card.getByRole('row', { name: /USGS41a/ })).toBeVisible();
    }
    const values = page.getByRole('table', { name: "Samples' values" });
    const row = values.getByRole('row', { name: new RegExp(sample.idflNumber) });
    // The working gas's stretch and shift are undone: the sample reads its true values back.
    await expect(row).toContainText(/-26\.(79|80|81) ± \d+\.\d{2} ‰/);
    await expect(row).toContainText(/6\.(39|40|41) ± \d+\.\d{2} ‰/);
    await expect(page.getByRole('table', { name: 'Rows to assign (1)' })).toContainText('IDFL-7X');

    const runPath = new URL(page.url()).pathname;

    // The run is listed under its package.
    await page.getByRole('link', { name: 'Back to the runs' }).click();
    await page.getByLabel('Package').selectOption({ label: sample.packageCode });
    await expect(page.getByRole('link', { name: 'EA-run-2026-03-02.csv' })).toBeVisible();
    const listPath = `${new URL(page.url()).pathname}${new URL(page.url()).search}`;

    // On a bench tablet, in both languages, nothing sticks out sideways; the screenshots are kept.
    await page.setViewportSize({ width: 820, height: 1180 });
    for (const [language, heading] of [
      ['en', 'Measurement runs'],
      ['vi', 'Lượt đo'],
    ] as const) {
      await page.evaluate((lang) => localStorage.setItem('language', lang), language);
      await page.goto(listPath);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('link', { name: 'EA-run-2026-03-02.csv' })).toBeVisible();
      expect(await clippedOnScreen(page), `${language} list`).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`runs-list-${language}-820.png`), fullPage: true });
      await page.goto(runPath);
      await expect(page.getByTestId('calibration-nitrogen').getByRole('img')).toBeVisible({ timeout: 30_000 });
      expect(await clippedOnScreen(page), `${language} run`).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`run-detail-${language}-820.png`), fullPage: true });
    }
  });
});
