import { bookingForm } from '../../server/support/bookings.ts';
import { admin } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { seedAnalysis } from '../support/list-routes.ts';

/**
 * No raw permission identifier or status enum on screen, in either language. Role
 * editing shows each permission's readable label and one-line description, grouped by area.
 */
const RAW_PERMISSION = /\bCan[A-Z][A-Za-z]+/;
const RAW_STATUS = /UnConfirmed|CsConfirmed|SentToTester|TesterConfirmed|SentToThirdLab|ThirdLabConfirmed/;

for (const language of ['en', 'vi'] as const) {
  test(`[WORDS] role editing and the booking list speak the user's language (${language})`, async ({
    page,
    request,
    openSignedIn,
  }) => {
    const submitted = await request.post('/api/sample-submit-form', { data: bookingForm() });
    expect(submitted.status()).toBe(201);
    await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
    await openSignedIn(admin, '/settings/roles');
    const words =
      language === 'en'
        ? { edit: 'Update Administrator', reset: 'Reset passwords', about: 'Send another user a new password.' }
        : { edit: 'Cập nhật Quản trị viên', reset: 'Đặt lại mật khẩu', about: 'Gửi mật khẩu mới cho người dùng khác.' };
    await page.getByRole('button', { name: words.edit }).click();
    const dialog = page.getByRole('dialog');
    const reset = dialog.getByRole('checkbox', { name: words.reset, exact: true });
    await expect(reset).toBeChecked();
    await expect(reset).toHaveAccessibleDescription(words.about);
    expect(await dialog.innerText()).not.toMatch(RAW_PERMISSION);
    await page.keyboard.press('Escape');

    await page.goto('/bookings');
    await expect(page.getByRole('table').locator('[data-status="UnConfirmed"]').first()).toBeVisible();
    expect(await page.getByRole('main').innerText()).not.toMatch(RAW_STATUS);
  });
}

test("[WORDS] the staff booking form asks about the client's consent in the staff's words", async ({
  page,
  openSignedIn,
}) => {
  await openSignedIn(admin, '/bookings/create-booking');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(
    page.getByRole('checkbox', { name: /^The client agrees that we keep these contact details/ }),
  ).toHaveCount(1);
  await expect(page.getByText('keep them for my next bookings')).toHaveCount(0);
});

// A sample no region fits is stored as predicting 'Atypical': the analysis list shows that mark in
// the reader's words, as the chain of custody does, never as stored.
for (const [language, atypical] of [
  ['en', 'Atypical'],
  ['vi', 'Không điển hình'],
] as const) {
  test(`[WORDS] the analysis list names an atypical prediction in the reader's words (${language})`, async ({
    page,
    request,
    openSignedIn,
  }) => {
    await seedAnalysis(request);
    await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
    await openSignedIn(admin, '/analysis/analysis-list?search=VNX-PHUBAI-LOT-2611-BALE-0459');
    const row = page.getByRole('row').filter({ hasText: 'VNX-PHUBAI-LOT-2611-BALE-0459' }).first();
    await expect(row).toContainText(atypical);
    if (language === 'vi') expect(await page.getByRole('main').innerText()).not.toContain('Atypical');
  });
}
