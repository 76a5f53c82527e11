import { admin } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { AccountsPage, RolesPage } from '../support/page-models/admin-pages.ts';

test.describe('[ADMIN]', () => {
  test('[ADMIN] admin creates a role and a user who then signs in and sees that role menu', async ({
    page,
    openSignedIn,
    loginPage,
    shell,
  }) => {
    await openSignedIn(admin, '/settings/roles');
    const roles = new RolesPage(page);
    await expect(roles.heading).toBeVisible();

    await roles.page.getByRole('button', { name: 'Add role' }).click();
    await roles.dialog.getByRole('button', { name: 'Save' }).click();
    await expect(roles.dialog.getByText('Role name is required')).toBeVisible();
    await roles.dialog.getByRole('button', { name: 'Cancel' }).click();

    await roles.createRole('Bench Archivist', 'Keeps the clean isotope data set', [
      'CanViewAllCleanSample',
      'CanViewAllCountry',
      'CanChangePassword',
    ]);
    await expect(page.getByText('Role created successfully')).toBeVisible();
    await expect(roles.row('Bench Archivist')).toBeVisible();

    const accounts = new AccountsPage(page);
    await shell.openSidebarLink('Accounts');
    await expect(accounts.heading).toBeVisible();
    await accounts.createUser({
      username: 'archivist',
      displayName: 'Ada Archivist',
      email: 'archivist@isotope.lab',
      password: 'archive-password-1',
      role: 'Bench Archivist',
    });
    await expect(page.getByText('Account created successfully')).toBeVisible();
    await page.getByLabel('Filter by username').fill('archiv');
    await expect(accounts.row('archivist')).toContainText('Bench Archivist');

    await shell.logoutFromUserMenu();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await loginPage.signIn('archivist@isotope.lab', 'archive-password-1');
    // Without CanViewDashboard the user lands on the first screen the role allows.
    await expect(page).toHaveURL(/\/analysis\/isotope-clean-data-list$/);
    await expect(shell.displayName).toHaveText('Ada Archivist');
    expect(await shell.menu()).toEqual([
      { group: 'ANALYSIS', links: ['Isotope LMD'] },
      { group: 'SETTINGS', links: ['Countries', 'Guidelines', 'Logout'] },
    ]);
  });

  test('[ADMIN] countries: add through the outbox, edit, and delete only unprotected ones', async ({
    page,
    openSignedIn,
  }) => {
    await openSignedIn(admin, '/settings/countries');
    await expect(page.getByRole('heading', { name: 'Countries', level: 1 })).toBeVisible();
    // Seeded protected countries cannot be deleted.
    const vietnam = page.getByRole('row').filter({ hasText: 'Vietnam' });
    await expect(vietnam).toContainText('Protected');
    await expect(vietnam.getByRole('button', { name: 'Delete Vietnam' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Add country' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Code').fill('QA');
    await dialog.getByLabel('Name').fill('Qatarland');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByLabel('Filter by code').fill('QA');
    const row = page.getByRole('row').filter({ hasText: 'Qatarland' });
    await expect(row).toBeVisible();
    // Sent by the outbox: the row turns into the server's record (with its counts) and loses its mark.
    await expect(row.getByRole('button', { name: 'Delete Qatarland' })).toBeVisible({ timeout: 20_000 });

    await row.getByRole('button', { name: 'Edit Qatarland' }).click();
    await dialog.getByLabel('Name').fill('Qatar Land');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const renamed = page.getByRole('row').filter({ hasText: 'Qatar Land' });
    await expect(renamed.getByRole('button', { name: 'Delete Qatar Land' })).toBeVisible({ timeout: 20_000 });

    await renamed.getByRole('button', { name: 'Delete Qatar Land' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'Qatar Land' })).toHaveCount(0, { timeout: 20_000 });
  });

  test('[ADMIN] change password: the dialog checks the confirmation', async ({ page, openSignedIn, shell }) => {
    await openSignedIn(admin);
    await shell.userMenuButton.click();
    await expect(page.getByText(admin.email)).toBeVisible();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Old password is required')).toBeVisible();
    await expect(dialog.getByText('New password is required')).toBeVisible();
    await dialog.getByLabel('Old password').fill(admin.password);
    await dialog.getByLabel('New password', { exact: true }).fill('another-password-1');
    await dialog.getByLabel('Confirm new password').fill('another-password-2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Passwords do not match')).toBeVisible();
  });
});

test.describe('[OUTBOX]', () => {
  test('[OUTBOX] logout warns while a change waits to be sent', async ({ page, context, openSignedIn, shell }) => {
    await openSignedIn(admin, '/settings/countries');
    await expect(page.getByRole('heading', { name: 'Countries', level: 1 })).toBeVisible();
    await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
    try {
      await page.getByRole('button', { name: 'Add country' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Code').fill('QW');
      await dialog.getByLabel('Name').fill('Queued Land');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('row').filter({ hasText: 'Queued Land' })).toContainText('Not sent yet');

      await shell.logoutFromUserMenu();
      const warning = page.getByRole('alertdialog');
      await expect(warning).toContainText('Changes not sent yet');
      await warning.getByRole('button', { name: 'Stay logged in' }).click();
      await expect(page).toHaveURL(/\/settings\/countries$/);
      await expect(shell.displayName).toHaveText(admin.displayName);
    } finally {
      await context.unroute('**/api/**');
    }
  });
});
