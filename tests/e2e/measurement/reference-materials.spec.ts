import type { APIRequestContext, Page } from '@playwright/test';
import { formatDisplayDate } from '../../../src/shared/display-date.ts';
import { admin, roleUsers } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { clippedOnScreen } from '../support/list-routes.ts';
import { callApi, headersOf, type AuthHeaders } from '../support/sample-setup.ts';
import { wordsOf } from '../support/words.ts';

// The reference materials' registry: the supervisor reads it, adds an in-house material and a new
// version of one of its values; a run computed on the earlier value is listed and recomputed; both
// screens fit a bench tablet in English and Vietnamese.

/** Whether the page itself scrolls sideways (a wide table may scroll inside its own box). */
const pageOverflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

/** A day in the past in every time zone, as `YYYY-MM-DD`. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** Two in-house materials anchoring carbon, and a run of the instrument computed on their values. */
async function seedRunOnTwoMaterials(request: APIRequestContext, headers: AuthHeaders, stamp: string) {
  const names = [`E2E-LOW-${stamp}`, `E2E-HIGH-${stamp}`] as const;
  const assigned = [-30, 10];
  const ids: number[] = [];
  for (const [i, name] of names.entries()) {
    const material = (await callApi(request, headers, 'POST', '/api/reference-materials', {
      name,
      material: 'Sucrose, in-house',
      kind: 'inHouse',
      values: [{ element: 'carbon', value: assigned[i], uncertainty: 0.05, validFrom: '2025-01-01' }],
    })) as { id: number };
    ids.push(material.id);
  }
  // The instrument reads true values stretched by 1.02 and shifted by 1.5 ‰.
  const rows = ['Identifier 1,Identifier 2,Row,Is Ref _,d 13C/12C,Amount'];
  let row = 0;
  for (let round = 0; round < 2; round += 1)
    for (const [i, name] of names.entries()) {
      row += 1;
      rows.push(`${name},A${row},${row},0,${((assigned[i]! - 1.5) / 1.02 + round * 0.01).toFixed(3)},0.5`);
    }
  const fileName = `EA-refmat-${stamp}.csv`;
  const imported = await request.post('/api/measurement-runs', {
    headers,
    multipart: {
      file: { name: fileName, mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) },
      anchors: JSON.stringify({ carbon: names }),
    },
  });
  expect(imported.status(), await imported.text()).toBe(201);
  return { low: { id: ids[0]!, name: names[0] }, fileName };
}

test.describe('[REFERENCE MATERIALS]', () => {
  test('[REFERENCE MATERIALS] the supervisor adds an in-house material and a new version of its value', async ({
    page,
    openSignedIn,
    shell,
  }) => {
    const name = `E2E-SUC-${Date.now().toString(36).toUpperCase()}`;
    await openSignedIn(roleUsers.Supervisor, '/dashboard');
    await shell.openSidebarLink('Reference materials');
    await expect(page).toHaveURL(/\/reference-materials$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reference materials' })).toBeVisible();

    // The seeded materials, each element's value in force with its uncertainty and scale, in words.
    const usgs40 = page.getByTestId('material-USGS40');
    await expect(usgs40.locator('[data-element="carbon"]')).toHaveText('δ13C-26.39 ± 0.04 ‰ VPDB');
    await expect(usgs40).toContainText('International');
    await expect(usgs40).toContainText('Also: USGS-40');
    const usgs42 = page.getByTestId('material-USGS42');
    await expect(usgs42.locator('[data-element="hydrogen"]')).toHaveText('δ2H-72.90 ± 2.20 ‰ VSMOW');
    await page.getByRole('searchbox', { name: 'Search by name, alias or material' }).fill('glutamic');
    await expect(page.getByTestId('material-USGS42')).toHaveCount(0);
    await expect(page.getByTestId('material-USGS41a')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search by name, alias or material' }).fill('');

    // The dialog checks the form before anything is sent.
    await page.getByRole('button', { name: 'Add reference material' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a reference material' });
    await dialog.getByRole('button', { name: 'Add reference material' }).click();
    await expect(dialog.locator('#rm-name-error')).toHaveText('Name is required');
    await expect(dialog.locator('#rm-material-error')).toHaveText('Material is required');
    await dialog.getByLabel('Name*').fill(name);
    await dialog.getByLabel('Aliases').fill(`${name}-A, ${name} B`);
    await dialog.getByLabel('Material*').fill('Cane sucrose, ground');
    await expect(dialog.getByLabel('Kind')).toHaveValue('inHouse');
    await dialog.getByLabel('Value (‰), δ13C').fill('-11.64');
    await dialog.getByLabel('Uncertainty (‰), δ13C').fill('0.05');
    await dialog.getByLabel('Valid from, δ13C').fill('1 January 2025');
    await dialog.getByLabel('Valid from, δ13C').press('Tab');
    await dialog.getByRole('button', { name: 'Add reference material' }).click();

    // Its own screen: the first value in force.
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page).toHaveURL(/\/reference-materials\/\d+$/);
    await expect(page.getByText(`Reference material ${name} added.`)).toBeVisible();
    const carbon = page.getByTestId('versions-carbon');
    await expect(carbon.getByRole('row')).toHaveCount(2);
    await expect(carbon.locator('tr[data-state="inForce"]')).toContainText('1 January 2025');
    await expect(carbon.locator('tr[data-state="inForce"]')).toContainText('-11.64');

    // A new version, never an edit: the earlier one stays, marked as such.
    await page.getByRole('button', { name: 'New value of δ13C' }).click();
    const newValue = page.getByRole('dialog', { name: `New value of δ13C for ${name}` });
    await expect(newValue.getByLabel('Scale')).toHaveValue('VPDB');
    await newValue.getByRole('button', { name: 'Add value' }).click();
    await expect(newValue.locator('#nv-carbon-value-error')).toHaveText('Enter a number');
    await newValue.getByLabel('Value (‰)*').fill('-11.70');
    await newValue.getByLabel('Uncertainty (‰)').fill('0.04');
    await newValue.getByLabel('Source').fill('Inter-laboratory comparison 2026');
    // A day already begun in every time zone, so the new version is in force whatever the hour.
    await newValue.getByLabel('Valid from').fill(formatDisplayDate(daysAgo(2)));
    await newValue.getByLabel('Valid from').press('Tab');
    await newValue.getByRole('button', { name: 'Add value' }).click();
    await expect(newValue).toBeHidden();
    await expect(page.getByText('New value added; 0 runs were computed on an earlier value.')).toBeVisible();
    await expect(carbon.getByRole('row')).toHaveCount(3);
    await expect(carbon.locator('tr[data-state="inForce"]')).toContainText('-11.70');
    await expect(carbon.locator('tr[data-state="inForce"]')).toContainText('Inter-laboratory comparison 2026');
    await expect(carbon.locator('tr[data-state="earlier"]')).toContainText('-11.64');
    await expect(page.getByTestId('impact')).toContainText(
      'Nothing was computed on an earlier value of this material.',
    );

    // The list shows the version in force.
    await page.getByRole('link', { name: 'Back to the reference materials' }).click();
    await page.getByRole('searchbox', { name: 'Search by name, alias or material' }).fill(name);
    await expect(page.getByTestId(`material-${name}`).locator('[data-element="carbon"]')).toHaveText(
      'δ13C-11.70 ± 0.04 ‰ VPDB',
    );
    await expect(page.getByTestId(`material-${name}`)).toContainText('In-house');
  });

  test('[REFERENCE MATERIALS] a run computed on an earlier value is listed and recomputed after a confirmation', async ({
    page,
    request,
    openSignedIn,
  }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36).toUpperCase();
    const asAdmin = await headersOf(request, admin);
    const { low, fileName } = await seedRunOnTwoMaterials(request, asAdmin, stamp);
    // A revised value, in force since yesterday (in any time zone).
    const asSupervisor = await headersOf(request, roleUsers.Supervisor);
    await callApi(request, asSupervisor, 'POST', `/api/reference-materials/${low.id}/values`, {
      element: 'carbon',
      value: -29.9,
      uncertainty: 0.05,
      validFrom: daysAgo(2),
    });

    await openSignedIn(roleUsers.Supervisor, `/reference-materials/${low.id}`);
    await expect(page.getByRole('heading', { level: 1, name: low.name })).toBeVisible();
    const impact = page.getByTestId('impact');
    const run = impact.getByRole('row').filter({ hasText: fileName });
    await expect(run.getByRole('link', { name: fileName })).toHaveAttribute('href', /\/thirdlab-runs\/\d+$/);
    await expect(run).toContainText('Anchor');

    await run.getByRole('button', { name: `Recompute run ${fileName}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Recompute run ${fileName}?` });
    await expect(confirm).toContainText('become new versions');
    await expect(confirm).toContainText('re-issued only through the amendment path');
    await confirm.getByRole('button', { name: 'Recompute' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText(`Run ${fileName} recomputed (revision 2).`)).toBeVisible();
    await expect(impact).toContainText('Nothing was computed on an earlier value of this material.');
  });

  test('[REFERENCE MATERIALS] both screens fit 820 px in English and Vietnamese', async ({
    page,
    openSignedIn,
  }, testInfo) => {
    await page.setViewportSize({ width: 820, height: 1180 });
    await openSignedIn(roleUsers.Supervisor, '/reference-materials');
    // A material with two versions of a value (USGS42's δ2H was revised in 2016).
    await page.getByRole('link', { name: 'USGS42', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'USGS42' })).toBeVisible();
    const detail = new URL(page.url()).pathname;
    for (const language of ['en', 'vi'] as const) {
      await page.evaluate((lang) => localStorage.setItem('language', lang), language);
      const say = wordsOf(language);
      for (const path of ['/reference-materials', detail]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('table').first().locator('tbody tr').first()).toBeVisible();
        if (path === detail) await expect(page.getByTestId('impact').locator('p, table').last()).toBeVisible();
        await page.screenshot({
          path: testInfo.outputPath(`${language}${path.replaceAll('/', '_')}-820.png`),
          fullPage: true,
        });
        expect(await pageOverflows(page), `${path} scrolls sideways in ${language}`).toBe(false);
        expect(await clippedOnScreen(page), `${path} in ${language}`).toEqual([]);
      }
      // The dialog with its messages, as wide as a tablet leaves it.
      await page.goto('/reference-materials');
      await page.getByRole('button', { name: say('reference-materials:list.add') }).click();
      const dialog = page.getByRole('dialog', { name: say('reference-materials:add.title') });
      await dialog.getByRole('button', { name: say('reference-materials:add.submit') }).click();
      await expect(dialog.locator('#rm-name-error')).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`${language}-add-dialog-820.png`) });
      expect(await pageOverflows(page)).toBe(false);
      await page.keyboard.press('Escape');
      await page.goto(detail);
      await page.getByRole('button', { name: say('reference-materials:newValue.openFor', { element: 'δ2H' }) }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`${language}-new-value-dialog-820.png`) });
      await page.keyboard.press('Escape');
    }
  });
});
