import { admin, roleUsers } from '../support/accounts.ts';
import { expect, signInThroughApi, test } from '../support/fixtures.ts';
import { openMailbox, type Mailbox } from '../support/mailbox.ts';
import { BookingFormPage, bookingBody, submitBookingThroughApi } from '../support/page-models/booking-pages.ts';

// What the screens tell applicants and staff: the booking number after submitting, the
// landing screen, the sign-in dialogs, typed dates, the Guidelines page, titles and customer rows.

test.describe('[TRUTHFUL SCREENS]', () => {
  let mailbox: Mailbox;

  test.beforeAll(async () => {
    mailbox = await openMailbox();
  });
  test.afterAll(async () => {
    await mailbox.close();
  });

  test('[ORDER FORM] a submitted booking shows its number, focused, and the mail carries it', async ({ page }) => {
    const email = 'lan@mekong-honey.example';
    const form = new BookingFormPage(page);
    await form.goto();
    await form.chooseLanguage('English');
    await expect(page).toHaveTitle('Order Request Form · Isotope Lab');
    // Help and support names the laboratory's configured contact and links the Guidelines.
    await expect(form.section('help').getByRole('link', { name: 'service@isotope.lab' })).toBeVisible();
    await expect(form.section('help').getByRole('link', { name: /Sample submission guidelines/ })).toHaveAttribute(
      'href',
      '/guidelines',
    );

    // A date typed wrongly is kept, with the reason, not silently replaced.
    const prepared = form.section('samples').getByRole('textbox', { name: /Sample prepared date/ });
    await prepared.fill('32 November 2026');
    await prepared.press('Enter');
    await expect(prepared).toHaveValue('32 November 2026');
    await expect(form.section('samples').getByText('This is not a date we can read.', { exact: false })).toBeVisible();
    await prepared.fill(
      await page.evaluate(() =>
        new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }),
      ),
    );
    await prepared.press('Enter');
    await expect(form.section('samples').getByText('This is not a date we can read.', { exact: false })).toHaveCount(0);

    await form.textbox('applicant', 'Contact person').fill('Lan Vo');
    await form.textbox('applicant', 'Company').fill('Mekong Honey');
    await form.textbox('applicant', 'Telephone').fill('+84 270 382 1111');
    await form.textbox('applicant', 'Email').fill(email);
    await form.textbox('applicant', 'Address').fill('2 Nguyen Hue');
    await form.textbox('applicant', 'City / State / Country').fill('Vinh Long, Vietnam');
    const sample = form.sampleType(1);
    await sample.getByRole('textbox', { name: 'Type', exact: true }).fill('Honey');
    await sample.getByRole('textbox', { name: 'Composition' }).fill('Raw honey');
    await sample.getByRole('textbox', { name: 'Expected origin 1' }).fill('Vietnam');
    // "Keep my contact details" stays unticked: no quick-fill code may be mailed.
    await expect(
      form.section('applicant').getByRole('checkbox', { name: /keep them for my next bookings/ }),
    ).not.toBeChecked();
    await form.checkbox('review', 'I confirm that all information provided is accurate and complete').check();
    await form.section('review').getByRole('button', { name: 'Submit booking' }).click();
    await form.confirmDialog.getByRole('button', { name: 'Confirm' }).click();

    const confirmation = page.getByRole('region', { name: 'Order Created' });
    await expect(confirmation.getByRole('heading', { name: 'Order Created', level: 1 })).toBeFocused();
    const number = (await confirmation.getByTestId('booking-number').textContent())!.trim();
    expect(number).toMatch(/^BK-\d{4}-\d{5}$/);
    await expect(confirmation.getByText('Mekong Honey')).toBeVisible();
    await expect(confirmation.getByText('What happens next')).toBeVisible();
    await expect(confirmation.getByRole('button', { name: 'Print or save as PDF' })).toBeVisible();
    await expect(page).toHaveTitle('Order Created · Isotope Lab');

    const mail = await mailbox.waitForMailTo(email, undefined, /received/);
    // The text is quoted-printable: long lines are softly broken with "=" at their end.
    const text = mail.raw.replace(/=\r?\n/g, '');
    expect(text).toContain(`Your booking number is ${number}.`);
    // The page shows what was typed; the mail, to an address nobody has shown is theirs, echoes none of it.
    expect(text).toContain('Sample types: 1');
    expect(text).not.toContain('Mekong Honey');
    // Mail leaves in the order it was written, so a code would have arrived before the confirmation.
    expect(mailbox.received.filter((m) => m.to.includes(email) && /quick-fill code/i.test(m.raw))).toHaveLength(0);

    await confirmation.getByRole('button', { name: 'Submit another booking' }).click();
    await expect(form.textbox('applicant', 'Company')).toHaveValue('');
  });

  test('[LANDING] a Shipping user lands on Shipping Management and returns there after the session expires', async ({
    page,
    loginPage,
  }) => {
    const shipping = roleUsers.Shipping;
    await loginPage.goto();
    await expect(page).toHaveTitle('Sign in · Isotope Lab');
    // The forgot-password dialog sits inside the sign-in form: sending it must not validate the form.
    await page.getByRole('button', { name: /Forgot password/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(shipping.email);
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(loginPage.email).not.toHaveAttribute('aria-invalid', 'true');
    await expect(loginPage.form.getByText('Password is required')).toHaveCount(0);

    await loginPage.signIn(shipping.username, shipping.password);
    await expect(page).toHaveURL(/\/packages$/);
    await expect(page.getByRole('heading', { name: 'Shipping Management', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Shipping Management · Isotope Lab');

    // The server forgets the session: the next call is refused and the refresh fails.
    await page.evaluate(() => {
      localStorage.setItem('access_token', 'expired');
      localStorage.setItem('refresh_token', 'revoked');
    });
    await page.reload();
    await expect(loginPage.form).toBeVisible();
    expect(await page.evaluate(() => Object.values(localStorage).some((v) => v.startsWith('/auth/')))).toBe(false);
    await loginPage.signIn(shipping.username, shipping.password);
    await expect(page).toHaveURL(/\/packages$/);
  });

  test('[GUIDELINES] the page shows the text the administrator saved, in both languages', async ({
    page,
    openSignedIn,
  }) => {
    await openSignedIn(admin, '/settings/guidelines');
    await expect(page).toHaveTitle('Guidelines · Isotope Lab');
    const editor = page.getByRole('form', { name: 'Guidelines' });
    await expect(editor.getByLabel('English text (Markdown)')).toHaveValue(/# Sample submission guidelines/);
    await editor.getByLabel('English text (Markdown)').fill('# Our sample rules\n\nSend **40 g** of each lot.');
    await editor.getByLabel('Vietnamese text (Markdown)').fill('# Quy định gửi mẫu\n\nGửi **40 g** mỗi lô.');
    await editor.getByRole('button', { name: 'Save guidelines' }).click();
    await expect(page.getByText('Guidelines saved successfully')).toBeVisible();

    // Linked from the staff sidebar; public, rendered as Markdown.
    await page.getByRole('link', { name: 'Guidelines', exact: true }).click();
    await expect(page).toHaveURL(/\/guidelines$/);
    await expect(page.getByRole('heading', { name: 'Our sample rules', level: 1 })).toBeVisible();
    await expect(page.getByText('40 g', { exact: true })).toHaveJSProperty('tagName', 'STRONG');
    await page.getByRole('button', { name: /^(Language|Ngôn ngữ)/ }).click();
    await page.getByRole('menuitem', { name: 'Tiếng Việt' }).click();
    await expect(page.getByRole('heading', { name: 'Quy định gửi mẫu', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Hướng dẫn · Isotope Lab');
  });

  test('[CUSTOMERS] a customer row opens its bookings and starts a booking for it, prefilled', async ({
    page,
    request,
    openSignedIn,
  }) => {
    const created = await submitBookingThroughApi(
      request,
      bookingBody({ email: 'bao@hue-pepper.example', contactPerson: 'Bao Le', company: 'Hue Pepper' }),
    );
    const login = await signInThroughApi(request, roleUsers.CustomerService);
    const headers = { Authorization: `Bearer ${login.data.accessToken}` };
    const cancel = await request.put(`/api/bookings/cancel?id=${created.id}`, {
      headers,
      data: { cancelReason: 'Client withdrew' },
    });
    expect(cancel.status()).toBe(200);

    await openSignedIn(roleUsers.CustomerService, '/customers');
    await expect(page).toHaveTitle('Customers List · Isotope Lab');
    await page.getByRole('link', { name: 'Hue Pepper', exact: true }).click();
    await expect(page).toHaveURL(/\/bookings\?search=Hue/);
    await expect(page.getByRole('searchbox', { name: /Search/ })).toHaveValue('Hue Pepper');
    await page.getByRole('link', { name: created.bookingNumber }).click();
    await expect(page.getByText('The booking was cancelled, so no sample entries were created.')).toBeVisible();
    await expect(page.getByText('Sample entries are created when the booking is confirmed.')).toHaveCount(0);

    await page.goto('/customers');
    await page.getByRole('link', { name: 'New booking for Hue Pepper' }).click();
    const form = new BookingFormPage(page);
    await expect(form.textbox('applicant', 'Company')).toHaveValue('Hue Pepper');
    await expect(form.textbox('applicant', 'Contact person')).toHaveValue('Bao Le');
    await expect(form.textbox('applicant', 'Email')).toHaveValue('bao@hue-pepper.example');
    // Staff read the consent as the client's, not as their own.
    await expect(
      form.section('applicant').getByRole('checkbox', { name: /The client agrees that we keep these contact details/ }),
    ).toBeVisible();

    // A booking that does not exist is said once, on the page, without an error toast as well.
    await page.goto('/bookings/999999');
    await expect(page.getByText('This booking does not exist.')).toBeVisible();
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  });
});
