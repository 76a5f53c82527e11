import AxeBuilder from '@axe-core/playwright';
import { admin } from './support/accounts.ts';
import { WCAG_TAGS } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';

/**
 * Issue 17 (13), the last findings: every toast kind readable (WCAG AA) at phone width in sonner's
 * light and dark themes, the order form's hidden file input out of the tab order, and the date
 * picker handing focus to its calendar and back.
 */
test.describe('[A11Y] keyboard and contrast', () => {
  test('[A11Y] the sign-in toast, in every kind and both themes, meets AA contrast at 412 px', async ({
    page,
    loginPage,
  }) => {
    await page.setViewportSize({ width: 412, height: 915 });
    await loginPage.goto();
    await loginPage.signIn(admin.username, admin.password);
    const toast = page.locator('[data-sonner-toast][data-type="success"]');
    await expect(toast).toHaveAttribute('data-mounted', 'true');
    // Hovering keeps the toast open while it is scanned; the scan waits for its fade-in to end.
    await toast.hover();
    await expect.poll(() => toast.evaluate((node) => getComputedStyle(node).opacity)).toBe('1');

    const findings: string[] = [];
    for (const theme of ['light', 'dark']) {
      for (const kind of ['success', 'info', 'warning', 'error']) {
        // The colours hang on these two attributes only, so each kind is judged on the same toast.
        await page.evaluate(
          (look) => {
            const shown = document.querySelector('[data-sonner-toast]');
            shown?.setAttribute('data-type', look.kind);
            // Its own list (one per position), not the first one on the page.
            shown?.closest('[data-sonner-toaster]')?.setAttribute('data-sonner-theme', look.theme);
          },
          { theme, kind },
        );
        const result = await new AxeBuilder({ page }).include('[data-sonner-toaster]').withTags(WCAG_TAGS).analyze();
        for (const violation of result.violations) {
          for (const node of violation.nodes) findings.push(`${theme} ${kind}: ${violation.id} ${node.failureSummary}`);
        }
      }
    }
    expect(findings).toEqual([]);
  });

  test('[A11Y] the order form: no tab stop on the hidden file input, and the date picker by keyboard', async ({
    page,
  }) => {
    await page.goto('/booking/isotope-submittal-form');
    const attach = page.getByRole('button', { name: 'Attach files' });
    const fileInput = page.locator('#booking-attachments');
    await expect(attach).toBeVisible();

    // Shift+Tab from the visible button goes past the input, and Tab comes back to the button.
    await attach.focus();
    await page.keyboard.press('Shift+Tab');
    await expect(fileInput).not.toBeFocused();
    await page.keyboard.press('Tab');
    await expect(attach).toBeFocused();
    // The visible button still opens the file chooser from the keyboard.
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    expect((await chooser).isMultiple()).toBe(true);

    const opener = page.getByRole('button', { name: 'Open the calendar' }).first();
    await opener.focus();
    await page.keyboard.press('Enter');
    const calendar = page.getByRole('group', { name: 'Calendar' });
    await expect(calendar.locator('button[data-date]:focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(calendar).toHaveCount(0);
    await expect(opener).toBeFocused();
  });
});
