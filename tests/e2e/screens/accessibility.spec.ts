import type { Page } from '@playwright/test';
import { bookingForm } from '../../server/support/bookings.ts';
import { admin, roleUsers } from '../support/accounts.ts';
import { scanPage, settle, type Finding } from '../support/axe.ts';
import { expect, signInThroughApi, test } from '../support/fixtures.ts';
import { seedSampleSentToTester } from '../support/sample-seeding.ts';
import { screensWithDialogs, seedDialogScreens, type DialogScreen } from '../support/dialog-screens.ts';
import { wordsOf, type Language } from '../support/words.ts';

/**
 * An axe-core scan (WCAG 2.1 A and AA) of every route, and of each screen's dialogs,
 * drawers and open menus, at phone (390 px) and tablet (820 px) width, in English and Vietnamese.
 * One signed-in page per role walks its routes; findings are collected and reported together.
 */
const WIDTHS = [390, 820] as const;
const LANGUAGES = ['en', 'vi'] as const;

async function useLanguage(page: Page, language: string) {
  await page.evaluate((lang) => localStorage.setItem('language', lang), language);
}

async function walk(page: Page, paths: string[], findings: Finding[], languages: readonly string[] = LANGUAGES) {
  for (const language of languages) {
    // The language is read at start: set once, every following load opens in it.
    await useLanguage(page, language);
    for (const path of paths) {
      await page.goto(path);
      for (const width of WIDTHS) {
        // One load per screen: the layout follows the width as a turned tablet's does.
        await atWidth(page, width);
        await settle(page);
        findings.push(...(await scanPage(page, `${path} ${width}px ${language}`)));
      }
    }
  }
}

async function atWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 1180 });
  // Let what measures the page (scroll boxes, the header) see the new width before it is judged.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

test.describe('[A11Y]', () => {
  test.describe.configure({ timeout: 900_000 });

  test('[A11Y] public screens', async ({ page }) => {
    const findings: Finding[] = [];
    await page.goto('/auth/login');
    await walk(
      page,
      ['/auth/login', '/booking/isotope-submittal-form', '/booking/my-orders', '/certificate/not-a-token'],
      findings,
    );
    expect(findings).toEqual([]);
  });

  for (const language of LANGUAGES) {
    test(`[A11Y] every staff route, as the administrator (${language})`, async ({ page, request, openSignedIn }) => {
      const submitted = await request.post('/api/sample-submit-form', { data: bookingForm() });
      expect(submitted.status()).toBe(201);
      const booking = ((await submitted.json()) as { data: { id: number } }).data;
      const cs = await signInThroughApi(request, roleUsers.CustomerService);
      const sample = await seedSampleSentToTester(request, cs, `A11Y-${Date.now()}`);

      await openSignedIn(admin, '/dashboard');
      const findings: Finding[] = [];
      await walk(
        page,
        [
          '/dashboard',
          '/bookings',
          `/bookings/${booking.id}`,
          '/bookings/create-booking',
          '/customers',
          '/clients',
          `/clients/${sample.id}`,
          '/testers',
          `/testers/${sample.id}`,
          '/packages',
          '/supervisor-samples',
          '/analysis/analyze',
          '/analysis/multi-analyze',
          '/analysis/analysis-list',
          '/analysis/isotope-clean-data-list',
          '/report-by-source',
          '/report-by-status',
          '/reference-materials',
          '/reference-materials/1',
          '/settings/accounts',
          '/settings/countries',
          '/settings/roles',
          '/sync',
        ],
        findings,
        [language],
      );
      expect(findings).toEqual([]);
    });
  }

  test('[A11Y] open menus and dialogs, in both languages', async ({ page, openSignedIn }) => {
    await openSignedIn(admin, '/settings/countries');
    const findings: Finding[] = [];
    for (const language of LANGUAGES) {
      await useLanguage(page, language);
      await page.goto('/settings/countries');
      await settle(page);
      for (const width of WIDTHS) {
        await atWidth(page, width);
        const where = `${width}px ${language}`;
        const header = page.getByRole('banner');
        const menus = [
          { name: 'language menu', open: header.getByRole('button', { name: /^(Language|Ngôn ngữ)/ }) },
          { name: 'notifications', open: header.getByRole('button', { name: /Notifications|Thông báo/ }) },
          {
            name: 'user menu',
            open: header.getByRole('button', { name: /^(User menu|Menu người dùng)$/ }),
          },
        ];
        for (const menu of menus) {
          await menu.open.first().click();
          // The bell opens a popover (its list holds buttons, which a menu may not); the others menus.
          await page.getByRole(menu.name === 'notifications' ? 'dialog' : 'menu').waitFor({ timeout: 10_000 });
          findings.push(...(await scanPage(page, `${menu.name} ${where}`)));
          await page.keyboard.press('Escape');
        }
        await page.getByRole('button', { name: /^(Add country|Thêm quốc gia)$/ }).click();
        await page.getByRole('dialog').waitFor({ timeout: 10_000 });
        findings.push(...(await scanPage(page, `country dialog ${where}`)));
        await page.keyboard.press('Escape');
        if (width === 390) {
          await header.getByRole('button', { name: /^(Open menu|Mở menu)/ }).click();
          await page.getByRole('dialog').waitFor({ timeout: 10_000 });
          findings.push(...(await scanPage(page, `sidebar drawer ${where}`)));
          await page.keyboard.press('Escape');
        }
      }
    }
    expect(findings).toEqual([]);
  });

  test('[A11Y] the third lab and its dialogs, as its technician', async ({ page, request, openSignedIn }) => {
    const screens = screensWithDialogs(await seedDialogScreens(request));
    await openSignedIn(roleUsers.hoanVuLab, '/thirdlab-samples');
    const findings: Finding[] = [];
    await walk(page, ['/thirdlab-samples'], findings);
    await walkDialogs(page, screens.thirdLab, findings);
    expect(findings).toEqual([]);
  });

  test('[A11Y] role, account and booking dialogs and menus', async ({ page, request, openSignedIn }) => {
    const screens = screensWithDialogs(await seedDialogScreens(request));
    await openSignedIn(admin, '/dashboard');
    const findings: Finding[] = [];
    await walkDialogs(page, [...screens.administration, ...screens.bookings], findings);
    expect(findings).toEqual([]);
  });

  test('[A11Y] client-side lab and tester dialogs and menus', async ({ page, request, openSignedIn }) => {
    const screens = screensWithDialogs(await seedDialogScreens(request));
    await openSignedIn(admin, '/dashboard');
    const findings: Finding[] = [];
    await walkDialogs(page, screens.intake, findings);
    expect(findings).toEqual([]);
  });

  test('[A11Y] dispatch and supervisor dialogs and menus', async ({ page, request, openSignedIn }) => {
    const screens = screensWithDialogs(await seedDialogScreens(request));
    await openSignedIn(admin, '/dashboard');
    const findings: Finding[] = [];
    await walkDialogs(page, screens.shipping, findings);
    expect(findings).toEqual([]);
  });
});

/** What is open over the page: a dialog, an alert dialog, a drawer or a dropdown menu. */
const OVERLAY = '[role="dialog"], [role="alertdialog"], [role="menu"]';

/**
 * Each screen loaded once per language, then judged at each width; its dialogs and menus are opened
 * one after the other, scanned, and closed with Escape. A dialog is scanned on its own (its page behind was
 * scanned by the route walk, and a modal dialog hides it); a menu with the page behind it, since
 * what a menu does to the page (aria-hidden yet focusable) is what is judged there.
 */
async function walkDialogs(page: Page, screens: DialogScreen[], findings: Finding[]) {
  for (const language of LANGUAGES) {
    await useLanguage(page, language);
    const say = wordsOf(language as Language);
    for (const screen of screens) {
      await page.goto(screen.path);
      await settle(page);
      await screen.prepare?.(page, say);
      for (const width of WIDTHS) {
        await atWidth(page, width);
        const where = `${width}px ${language}`;
        if (screen.scanScreen) findings.push(...(await scanPage(page, `${screen.path} ${where}`)));
        for (const dialog of screen.dialogs) {
          await dialog.open(page, say).click();
          const open = page.locator(OVERLAY).last();
          await open.waitFor({ timeout: 10_000 });
          // Opening animations fade colours in; contrast is judged once they have ended (one
          // cancelled in between rejects its promise: it has ended too).
          await open.evaluate((element) =>
            Promise.all(
              element.getAnimations({ subtree: true }).map((animation) => animation.finished.catch(() => null)),
            ),
          );
          const isMenu = (await open.getAttribute('role')) === 'menu';
          const name = `${dialog.name} on ${screen.path} ${where}`;
          findings.push(...(await scanPage(page, name, isMenu ? undefined : OVERLAY)));
          await page.keyboard.press('Escape');
          await expect(page.locator(OVERLAY), `${name} closes`).toHaveCount(0);
        }
      }
    }
  }
}
