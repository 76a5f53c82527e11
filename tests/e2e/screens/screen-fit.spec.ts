import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { bookingForm } from '../../server/support/bookings.ts';
import { admin, roleUsers } from '../support/accounts.ts';
import { seedDialogScreens } from '../support/dialog-screens.ts';
import { clippedOnScreen, LIST_ROUTES, seedAnalysis } from '../support/list-routes.ts';
import { wordsOf } from '../support/words.ts';
import { expect, seedSession, signInThroughApi, test } from '../support/fixtures.ts';
import { seedSampleSentToTester, seedSampleTesterConfirmed } from '../support/sample-seeding.ts';
import { callApi, headersOf } from '../support/sample-setup.ts';

/**
 * The main lists fit a bench tablet (820 px) without a sideways scroll bar, the
 * customers table is whole at 1280 px, and at 390 px the header keeps the name, the bell and the
 * user menu on screen. Each width's screenshot is kept with the results, to be looked at.
 */

/** Whether the page or any table's scroll box scrolls sideways. */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const boxes = [document.scrollingElement, ...document.querySelectorAll('table')].map((element) =>
      element instanceof HTMLTableElement ? element.parentElement : element,
    );
    return boxes
      .filter((box): box is HTMLElement => box instanceof HTMLElement)
      .filter((box) => box.scrollWidth > box.clientWidth + 1)
      .map((box) => `${box.tagName} ${box.scrollWidth} > ${box.clientWidth}`);
  });
}

/**
 * A tap on a card's text, as a finger does: the card's opening link is stretched over the card, so
 * the text under the finger is covered by it and a locator click would wait for it forever.
 */
async function tapOn(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Whose words are long, as a real laboratory's are: the sample codes, types and sources the lists show. */
const LONG_WORDS = {
  sampleType: 'Organic long-staple combed cotton lint (ring-spun blend)',
  source: 'Vinatex Export Division – Phu Bai Spinning Mill, Thừa Thiên Huế',
};

let longSamples: Promise<{ atTester: string; atThirdLab: string }> | undefined;

/**
 * Two samples with long words, seeded once for the run: one waiting at the tester (on the CS and
 * tester lists), one sent on to the third lab in a package (on the supervisor's and the third lab's).
 */
function seedLongBenchSamples(request: APIRequestContext) {
  longSamples ??= (async () => {
    const stamp = Date.now().toString(36).toUpperCase();
    const cs = await signInThroughApi(request, roleUsers.CustomerService);
    const tester = await signInThroughApi(request, roleUsers.Tester);
    const atTester = await seedSampleSentToTester(request, cs, `VNX-PHUBAI-LOT-2611-BALE-0457-${stamp}`, LONG_WORDS);
    const onward = await seedSampleTesterConfirmed(
      request,
      cs,
      tester,
      `VNX-PHUBAI-LOT-2611-BALE-0458-${stamp}`,
      LONG_WORDS,
    );
    const asAdmin = await headersOf(request, admin);
    const batch = (await callApi(request, asAdmin, 'POST', '/api/sample-dispatch-batch', {
      packageName: `Vinatex Phu Bai cotton lint, November shipment ${stamp}`,
      shippmentNumber: `DHL-EXPRESS-VN-2026-11-${stamp}`,
    })) as { id: number; packageCode: string };
    await callApi(request, asAdmin, 'POST', `/api/tester-lab/transfer-to-third-lab?id=${onward.id}`, {
      packageCode: batch.packageCode,
    });
    await callApi(request, asAdmin, 'POST', `/api/sample-dispatch-batch/transfer-to-third-lab?id=${batch.id}`);
    return { atTester: atTester.idflNumber, atThirdLab: onward.idflNumber };
  })();
  return longSamples;
}

/** The list has loaded rows (no status row: not loading, not empty). */
async function expectRowsShown(page: Page) {
  await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();
  await expect(page.getByRole('table').locator('tbody td[colspan]')).toHaveCount(0);
}

test.describe('[FIT]', () => {
  test.beforeAll(async ({ request }) => {
    // A client whose words are long, so the lists hold what a real laboratory's do.
    const response = await request.post('/api/sample-submit-form', {
      data: bookingForm({
        applicantCompany: 'Vietnam National Textile and Garment Group (Vinatex) Export Division',
        applicantContactPerson: 'Nguyễn Thị Thanh Hương',
        email: 'thanh.huong.nguyen@vinatex-export-division.com.vn',
        cityStateCountry: 'Thành phố Hồ Chí Minh, Việt Nam',
        rushService: true,
      }),
    });
    expect(response.status()).toBe(201);
    // Confirmed, so its samples stand on the client-side lab's list with the rush mark beside their
    // numbers: the mark goes under the number rather than widen the list.
    const { id } = ((await response.json()) as { data: { id: number } }).data;
    await callApi(request, await headersOf(request, admin), 'PUT', `/api/cs-lab/check-in?id=${id}`);
  });

  for (const path of ['/bookings', '/settings/accounts', '/customers']) {
    test(`[FIT] ${path} fits 820 px without a sideways scroll bar`, async ({ page, openSignedIn }, testInfo) => {
      await page.setViewportSize({ width: 820, height: 1180 });
      await openSignedIn(admin, path);
      await expectRowsShown(page);
      await page.screenshot({ path: testInfo.outputPath(`${path.replaceAll('/', '_')}-820.png`), fullPage: true });
      expect(await sidewaysOverflow(page)).toEqual([]);
    });
  }

  // The four benches' sample lists, with samples in them (seeded once for the run): the dialogs'
  // records put a sample in every state a bench acts on, so each row shows its widest actions, and two
  // samples carry the long words a real laboratory types. On a bench tablet the lower-value columns
  // give way (SampleColumn.wideOnly) and the long words wrap, so the list fits without scrolling; at
  // 1280 px every column is there.
  const benches = [
    { path: '/clients', account: roleUsers.CustomerService },
    { path: '/testers', account: roleUsers.Tester },
    { path: '/supervisor-samples', account: roleUsers.Supervisor },
    { path: '/thirdlab-samples', account: roleUsers.hoanVuLab },
  ] as const;
  for (const { path, account } of benches) {
    for (const width of [820, 1280]) {
      test(`[FIT] the ${path} bench fits ${width} px without a sideways scroll bar`, async ({
        page,
        request,
        openSignedIn,
      }, testInfo) => {
        await seedDialogScreens(request);
        const long = await seedLongBenchSamples(request);
        await page.setViewportSize({ width, height: 1180 });
        // A page of up to 100 rows: the run's earlier specs leave many New samples, which the CS
        // bench lists first, and the long sample must not fall onto a later page.
        await openSignedIn(account, `${path}?limit=100`);
        await expectRowsShown(page);
        // The long words are on the list (the third lab knows a sample only once it is sent there).
        const longRow = page.locator(
          `tr[data-idfl="${path === '/clients' || path === '/testers' ? long.atTester : long.atThirdLab}"]`,
        );
        await expect(longRow).toBeVisible();
        await page.screenshot({
          path: testInfo.outputPath(`${path.replaceAll('/', '_')}-${width}.png`),
          fullPage: true,
        });
        expect(await sidewaysOverflow(page)).toEqual([]);
        // Each column header shown, by its words (a column given way is hidden for everyone, not only to the eye).
        const shown = await page
          .getByRole('table')
          .getByRole('columnheader')
          .evaluateAll((cells) => cells.map((cell) => (cell.checkVisibility() ? cell.textContent?.trim() : null)));
        if (width === 1280) expect(shown.filter((name) => name === null)).toEqual([]);
        // What a technician needs stays on a bench tablet: the IDFL number, the status and the row's actions.
        expect(shown).toEqual(expect.arrayContaining(['IDFL number', 'Status']));
        if (path !== '/supervisor-samples') expect(shown).toContain('Actions');
        if (path === '/testers')
          await expect(longRow.getByRole('button', { name: 'Check in', exact: true })).toBeInViewport();
      });
    }
  }

  test('[FIT] the customers table is whole at 1280 px', async ({ page, openSignedIn }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openSignedIn(admin, '/customers');
    await expectRowsShown(page);
    await page.screenshot({ path: testInfo.outputPath('customers-1280.png'), fullPage: true });
    expect(await sidewaysOverflow(page)).toEqual([]);
  });

  test('[FIT] at 390 px the bookings, accounts and customers lists are cards, tapping a card opens it', async ({
    page,
    openSignedIn,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(admin, '/bookings');
    const cards = page.getByRole('list', { name: 'Client Requests' });
    const card = cards.getByRole('listitem').first();
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('table')).toBeHidden();
    // A card shows the booking number and its status, each under its label.
    const number = card.getByRole('link', { name: /^Open booking / });
    await expect(number).toHaveText(/^BK-\d{4}-\d{5}$/);
    await expect(card.locator('[data-status]')).toBeVisible();
    await expect(card.getByRole('term')).toHaveText(['Applicant', 'Prepared date', 'Received']);
    await page.screenshot({ path: testInfo.outputPath('bookings-cards-390.png'), fullPage: true });
    expect(await sidewaysOverflow(page)).toEqual([]);
    // Tapping the card away from its link opens the booking, as a row does.
    const bookingNumber = (await number.textContent())!;
    const box = (await card.getByRole('definition').last().boundingBox())!;
    await page.mouse.click(box.x + box.width - 4, box.y + box.height / 2);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(bookingNumber);

    await page.goto('/settings/accounts');
    const account = page.getByRole('list', { name: 'Accounts' }).getByRole('listitem').filter({ hasText: admin.email });
    await expect(account).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('table')).toBeHidden();
    expect(await sidewaysOverflow(page)).toEqual([]);
    await tapOn(page, account.getByRole('definition').first());
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/customers');
    const customer = page.getByRole('list', { name: 'Customers List' }).getByRole('listitem').first();
    await expect(customer).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('table')).toBeHidden();
    await page.screenshot({ path: testInfo.outputPath('customers-cards-390.png'), fullPage: true });
    expect(await sidewaysOverflow(page)).toEqual([]);
    const company = (await customer.getByRole('link').first().textContent())!;
    await tapOn(page, customer.getByRole('definition').first());
    await expect(page).toHaveURL(/\/bookings\?search=/);
    await expect(page.getByRole('searchbox')).toHaveValue(company);
  });

  test('[FIT] at 390 px the header keeps the bell and the user menu on screen, the name in the menu', async ({
    page,
    openSignedIn,
    shell,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(admin, '/bookings');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('bookings-390.png') });
    const header = page.getByRole('banner');
    for (const part of [header.getByRole('button', { name: /notification/i }), shell.userMenuButton]) {
      await expect(part).toBeInViewport({ ratio: 1 });
    }
    expect(await header.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await sidewaysOverflow(page)).toEqual([]);
    // The name has no room beside them at phone width: it heads the user menu.
    await shell.userMenuButton.click();
    await expect(page.getByRole('menu')).toContainText(admin.displayName);
  });

  // Every list route, in both languages, at a bench tablet's 820 px: no table scrolls
  // sideways, and each of the first rows shows its status and actions whole. The packing list dialog
  // likewise, and the header keeps a long Vietnamese name whole (wrapped, not cut).
  for (const language of ['en', 'vi'] as const) {
    test(`[FIT] every list route fits 820 px in ${language}`, async ({ browser, request }, testInfo) => {
      test.setTimeout(240_000);
      await seedDialogScreens(request);
      await seedLongBenchSamples(request);
      await seedAnalysis(request);
      const say = wordsOf(language);
      const pages = new Map<string, Page>();
      const clipped: Record<string, string[]> = {};
      for (const { path, account, rows } of LIST_ROUTES) {
        let page = pages.get(account.username);
        if (!page) {
          const context = await browser.newContext({ viewport: { width: 820, height: 1180 } });
          page = await context.newPage();
          await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
          const login = await signInThroughApi(request, account);
          // A long Vietnamese name, as a laboratory's staff have: the header must keep it whole.
          login.data.user.displayName = 'Phạm Đăng Khoa Nguyễn';
          await seedSession(page, login);
          pages.set(account.username, page);
        }
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
        if (rows) await expectRowsShown(page);
        if (path === '/bookings') {
          // The rush booking is marked in words, and the prepared date stays on a bench tablet.
          await expect(page.getByRole('table').locator('[data-rush]').first()).toHaveText(say('common:rush'));
          await expect(page.getByRole('columnheader', { name: say('bookings:list.preparedDate') })).toBeVisible();
        }
        await page.screenshot({ path: testInfo.outputPath(`${language}${path.replaceAll('/', '_')}-820.png`) });
        const problems = await clippedOnScreen(page);
        if (problems.length > 0) clipped[path] = problems;
      }
      const page = pages.get(admin.username)!;
      const name = page.getByTestId('display-name');
      await expect(name).toBeInViewport({ ratio: 1 });
      expect(
        await name.evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1),
      ).toBe(true);
      // The packing list of the first package.
      await page.goto('/packages');
      await expectRowsShown(page);
      await page
        .getByRole('button', { name: say('dispatch:packingList.open') })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('table')).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`${language}-packing-list-820.png`) });
      const inDialog = await clippedOnScreen(page);
      if (inDialog.length > 0) clipped['packing list'] = inDialog;
      expect(clipped).toEqual({});
      for (const open of pages.values()) await open.context().close();
    });
  }
});
