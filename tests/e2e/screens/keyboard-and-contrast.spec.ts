import AxeBuilder from '@axe-core/playwright';
import type { FileChooser } from '@playwright/test';
import { admin } from '../support/accounts.ts';
import { WCAG_TAGS } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Every toast kind readable (WCAG AA) at phone width in sonner's
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
    // The file chooser is listened for before the page loads: Playwright turns the browser's chooser
    // interception on when the first listener is added, without waiting for it, so a listener added
    // just before the key press can lose the race and the chooser opens unseen.
    const chooser = new Promise<FileChooser>((resolve) => page.once('filechooser', resolve));
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

  test('[A11Y] the focus ring stands out from the page at least 3:1 (WCAG 1.4.11)', async ({ page }) => {
    await page.goto('/auth/login');
    const email = page.getByRole('textbox', { name: /Email|Username/ }).first();
    await email.focus();
    // Tab on to the next control, so the ring is the keyboard's (focus-visible), as a technician sees it.
    await page.keyboard.press('Tab');
    const ratio = await page.evaluate(() => {
      const focused = document.activeElement as HTMLElement;
      const style = getComputedStyle(focused);
      // The ring is a box shadow (or an outline); its colour may be written in any CSS colour space,
      // so a canvas turns it, and the page's background, into sRGB bytes.
      const ring = /([a-z-]+\([^)]*\))\s+0px\s+0px\s+0px\s+[1-9][\d.]*px/.exec(style.boxShadow);
      const ringColour = ring?.[1] ?? style.outlineColor;
      const canvas = document.createElement('canvas').getContext('2d')!;
      const bytes = (colour: string) => {
        canvas.clearRect(0, 0, 1, 1);
        canvas.fillStyle = colour;
        canvas.fillRect(0, 0, 1, 1);
        return [...canvas.getImageData(0, 0, 1, 1).data.slice(0, 3)];
      };
      const luminance = (colour: string) => {
        const [r, g, b] = bytes(colour).map((byte) => {
          const c = byte / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const shown = luminance(ringColour);
      // What the ring is drawn against: the nearest painted background around the control.
      let around: Element | null = focused.parentElement;
      while (around && /, 0\)$|transparent/.test(getComputedStyle(around).backgroundColor)) {
        around = around.parentElement;
      }
      const background = luminance(around ? getComputedStyle(around).backgroundColor : '#ffffff');
      return (Math.max(shown, background) + 0.05) / (Math.min(shown, background) + 0.05);
    });
    expect(ratio).toBeGreaterThanOrEqual(3);
  });
});
