import type { APIRequestContext, Locator } from '@playwright/test';
import { admin, roleUsers } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { callApi, headersOf } from '../support/sample-setup.ts';

// A supervisor reads a check standard's control chart: runs imported through the API with IAEA-600
// measured as an unknown at chosen distances from its target, then the chart drawn and its results
// listed run by run with their verdicts, in English and in Vietnamese.

// The instrument's raw deltas against its working gas: true values stretched by 1.02 and shifted.
const rawCarbon = (trueValue: number) => (trueValue - 1.5) / 1.02;
const rawNitrogen = (trueValue: number) => (trueValue + 0.8) / 1.02;

const USGS40 = { carbon: -26.39, nitrogen: -4.52 };
const USGS41A = { carbon: 36.55, nitrogen: 47.55 };
const TARGET = { mean: -27.771, sd: 0.1 };

/** An Isodat export: the anchors, IAEA-600 at each z on its carbon target, the anchors again. */
function isodatCsv(checkZ: number[]): string {
  const rows: string[] = ['Identifier 1,Identifier 2,Row,Is Ref _,d 13C/12C,d 15N/14N,Amount'];
  let row = 0;
  const analysis = (identifier: string, carbon: number, nitrogen: number) => {
    row += 1;
    rows.push(`${identifier},A${row},${row},1,0.000,0.000,`);
    rows.push(`${identifier},A${row},${row},0,${rawCarbon(carbon).toFixed(4)},${rawNitrogen(nitrogen).toFixed(4)},0.5`);
  };
  const anchors = () => {
    analysis('USGS40', USGS40.carbon, USGS40.nitrogen);
    analysis('USGS41a', USGS41A.carbon, USGS41A.nitrogen);
  };
  anchors();
  checkZ.forEach((z) => analysis('IAEA-600', TARGET.mean + z * TARGET.sd, 1.0 + z * TARGET.sd));
  anchors();
  return rows.join('\n');
}

async function importRun(request: APIRequestContext, headers: { authorization: string }, name: string, z: number[]) {
  const response = await request.post('/api/measurement-runs', {
    headers,
    multipart: {
      file: { name, mimeType: 'text/csv', buffer: Buffer.from(isodatCsv(z)) },
      checks: '["IAEA-600"]',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: number; qc: { verdict: string } } }).data;
}

/** Whether a table is wider than the box it scrolls in. */
function scrollsSideways(table: Locator) {
  return table.evaluate((node) => {
    const box = node.parentElement!;
    return box.scrollWidth > box.clientWidth + 1;
  });
}

/** The registry's reference material of that name. */
async function checkStandard(request: APIRequestContext, headers: { authorization: string }, name: string) {
  const materials = (await (await request.get('/api/reference-materials?limit=100', { headers })).json()) as {
    data: { items: { id: number; name: string }[] };
  };
  const found = materials.data.items.find((m) => m.name === name);
  expect(found, `${name} in the registry`).toBeTruthy();
  return found!;
}

test.describe('[CONTROL CHARTS]', () => {
  test('[CONTROL CHARTS] a supervisor reads the check standard’s chart and its results, in English and Vietnamese', async ({
    openSignedIn,
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const asAdmin = await headersOf(request, admin);
    const iaea600 = await checkStandard(request, asAdmin, 'IAEA-600');
    await callApi(request, asAdmin, 'PUT', '/api/qc/control-limits', {
      referenceMaterialId: iaea600.id,
      element: 'carbon',
      ...TARGET,
    });
    const stamp = Date.now();
    const inControl = await importRun(request, asAdmin, `chart-in-${stamp}.csv`, [0.5, -0.5]);
    const rejected = await importRun(request, asAdmin, `chart-out-${stamp}.csv`, [3.5]);
    const warned = await importRun(request, asAdmin, `chart-warn-${stamp}.csv`, [-2.5]);
    expect([inControl.qc.verdict, rejected.qc.verdict, warned.qc.verdict]).toEqual([
      'inControl',
      'rejected',
      'warning',
    ]);

    await openSignedIn(roleUsers.Supervisor, '/dashboard');
    await page.getByRole('link', { name: 'Control charts' }).click();
    await expect(page.getByRole('heading', { name: 'Control charts' })).toBeVisible();
    await page.getByLabel('Check standard and element').selectOption(`${iaea600.id}:carbon`);
    await expect(page).toHaveURL(new RegExp(`/control-charts\\?.*material=${iaea600.id}`));

    const chart = page.getByRole('img', { name: 'Control chart of IAEA-600, δ13C' });
    await expect(chart).toBeVisible({ timeout: 30_000 });
    expect(await chart.evaluate((node) => node.tagName)).toBe('CANVAS');
    await expect(page.getByText('-27.771 ± 0.100 ‰ (target)')).toBeVisible();

    const table = page.getByRole('table', { name: 'Results of IAEA-600, δ13C' });
    await expect(table.getByRole('row', { name: new RegExp(`chart-in-${stamp}`) })).toHaveCount(2);
    await expect(table.getByRole('row', { name: new RegExp(`chart-in-${stamp}`) }).first()).toContainText('In control');
    const out = table.getByRole('row', { name: new RegExp(`chart-out-${stamp}`) });
    await expect(out).toContainText('Rejected');
    await expect(out).toContainText('Left out of the chart');
    const latest = table.getByRole('row', { name: new RegExp(`chart-warn-${stamp}`) });
    await expect(latest).toContainText('Warning');
    await expect(latest).toContainText('latest');

    // The same chart in Vietnamese.
    await page.evaluate(() => localStorage.setItem('language', 'vi'));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Biểu đồ kiểm soát' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Biểu đồ kiểm soát của IAEA-600, δ13C' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(
      page
        .getByRole('table', { name: 'Kết quả của IAEA-600, δ13C' })
        .getByRole('row', { name: new RegExp(`chart-out-${stamp}`) }),
    ).toContainText('Bị loại');

    // On a bench tablet turned upright, the drawn chart narrows with the page, and the results and a
    // run's checks fit their boxes: long run file names wrap rather than push the verdicts out of view.
    await page.setViewportSize({ width: 820, height: 1180 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(820);
    const viTable = page.getByRole('table', { name: 'Kết quả của IAEA-600, δ13C' });
    await expect(viTable.getByRole('row', { name: new RegExp(`chart-out-${stamp}`) })).toBeVisible();
    expect(await scrollsSideways(viTable)).toBe(false);

    // The same on a run's page, drawn on a wide screen and then turned upright.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto(`/thirdlab-runs/${rejected.id}`);
    await expect(page.getByRole('img', { name: /δ13C/ }).first()).toBeVisible({ timeout: 30_000 });
    await page.setViewportSize({ width: 820, height: 1180 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(820);
    const checks = page.getByRole('table', { name: 'Quality control' });
    await expect(checks.getByRole('row', { name: /IAEA-600.*δ13C/ })).toBeVisible();
    expect(await scrollsSideways(checks)).toBe(false);
  });

  test('[CONTROL CHARTS] a supervisor sets a chart’s target limits on its screen, told under the field what is wrong', async ({
    openSignedIn,
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const asAdmin = await headersOf(request, admin);
    const iaea600 = await checkStandard(request, asAdmin, 'IAEA-600');
    // One run gives IAEA-600 a nitrogen chart, if it had none.
    await importRun(request, asAdmin, `chart-targets-${Date.now()}.csv`, [0]);

    await openSignedIn(roleUsers.Supervisor, `/control-charts?material=${iaea600.id}&element=nitrogen`);
    await expect(page.getByRole('img', { name: 'Control chart of IAEA-600, δ15N' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Set target limits' }).click();
    const dialog = page.getByRole('dialog', { name: 'Target limits of IAEA-600, δ15N' });
    await dialog.getByLabel('Target mean (‰)').fill('1.2');
    await dialog.getByLabel('Target SD (‰)').fill('0');
    await dialog.getByRole('button', { name: 'Save limits' }).click();
    await expect(dialog.getByText('Enter an SD above 0 ‰')).toBeVisible();
    await expect(dialog.getByLabel('Target SD (‰)')).toHaveAttribute('aria-invalid', 'true');

    // A comma is a decimal point, as the laboratory types it.
    await dialog.getByLabel('Target SD (‰)').fill('0,15');
    await dialog.getByRole('button', { name: 'Save limits' }).click();
    await expect(page.getByText('Target limits saved: 1.200 ± 0.150 ‰')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('1.200 ± 0.150 ‰ (target)')).toBeVisible();

    // Opened again, it starts from the limits in force; in Vietnamese it speaks Vietnamese.
    await page.evaluate(() => localStorage.setItem('language', 'vi'));
    await page.reload();
    await expect(page.getByText('1.200 ± 0.150 ‰ (mục tiêu)')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Đặt giới hạn mục tiêu' }).click();
    const viDialog = page.getByRole('dialog', { name: 'Giới hạn mục tiêu của IAEA-600, δ15N' });
    await expect(viDialog.getByLabel('Trung bình mục tiêu (‰)')).toHaveValue('1.2');
    await viDialog.getByLabel('SD mục tiêu (‰)').fill('');
    await viDialog.getByRole('button', { name: 'Lưu giới hạn' }).click();
    await expect(viDialog.getByText('Nhập một số')).toBeVisible();
  });
});
