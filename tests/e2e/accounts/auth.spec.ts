import { admin, roleUsers } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';

test.describe('[AUTH]', () => {
  test('[AUTH] sign in through the form and land on the dashboard', async ({ page, loginPage, shell }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in to Isotope Lab' })).toBeVisible();

    await loginPage.signIn(admin.username, admin.password);

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Login successful')).toBeVisible();
    await expect(shell.displayName).toHaveText(admin.displayName);
    await expect(page.getByText('V2.1')).toBeVisible();
    const stored = await page.evaluate(() => ({
      access: localStorage.getItem('access_token'),
      refresh: localStorage.getItem('refresh_token'),
      user: JSON.parse(localStorage.getItem('user') ?? 'null') as { data?: { roles?: string[] } } | null,
      info: JSON.parse(localStorage.getItem('user_info') ?? 'null') as { email?: string } | null,
    }));
    expect(stored.access).toBeTruthy();
    expect(stored.refresh).toBeTruthy();
    expect(stored.user?.data?.roles).toEqual(['Administrator']);
    expect(stored.info?.email).toBe(admin.email);
  });

  test('[AUTH] a wrong password says so and stays on the sign-in screen', async ({ page, loginPage }) => {
    await loginPage.goto();
    await loginPage.signIn(admin.username, 'not-the-password');
    await expect(loginPage.failure).toHaveText('Incorrect e-mail/username or password.');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('[AUTH] empty fields show the shared schema messages', async ({ loginPage }) => {
    await loginPage.goto();
    await loginPage.submit.click();
    await expect(loginPage.form.getByText('Please enter your username or email')).toBeVisible();
    await expect(loginPage.form.getByText('Password is required')).toBeVisible();
  });

  test('[AUTH] a protected screen shows the sign-in in place and returns there', async ({ page, loginPage, shell }) => {
    await page.goto('/settings/countries');
    await expect(loginPage.form).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/countries$/);
    await loginPage.signIn(admin.email, admin.password);
    await expect(page.getByRole('heading', { name: 'Countries', level: 1 })).toBeVisible();
    await expect(shell.sidebar).toBeVisible();
  });

  test('[AUTH] a signed-in user opening the sign-in screen goes to the dashboard', async ({ page, openSignedIn }) => {
    await openSignedIn(roleUsers.Tester, '/auth/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('[AUTH] logout clears the session and returns to sign-in', async ({ page, openSignedIn, shell }) => {
    await openSignedIn(admin);
    await expect(shell.displayName).toHaveText(admin.displayName);
    await shell.logoutFromUserMenu();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await page.goto('/dashboard');
    await expect(page.getByRole('form', { name: 'Sign-in form' })).toBeVisible();
  });

  test('[AUTH] the language switch turns the screen Vietnamese and is remembered', async ({ page, loginPage }) => {
    await loginPage.goto();
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'Tiếng Việt' }).click();
    await expect(page.getByRole('heading', { name: 'Đăng nhập Isotope Lab' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Đăng nhập' })).toBeVisible();
    // The rules' messages come with the first check, in the language shown.
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Vui lòng nhập mật khẩu' })).toBeVisible();
  });
});
