import { admin, roleUsers, type E2eAccount } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import type { MenuGroupText } from '../support/page-models/app-shell.ts';

const logout = { group: 'SETTINGS', links: ['Guidelines', 'Logout'] };

// What each seeded role must see (its permission groups and the menu entries they open), written out by hand.
const expectedMenus: [E2eAccount, MenuGroupText[]][] = [
  [
    admin,
    [
      {
        group: 'MANAGEMENT',
        links: [
          'Dashboard',
          'Client Requests',
          'CS Check In',
          'Tester Workspace',
          'Shipping Management',
          'Result Overview',
          'Non-conformities',
          'Control charts',
          'Proficiency tests',
          'Reference materials',
        ],
      },
      { group: 'ANALYSIS', links: ['Sample Insights', 'Analysis Results', 'Isotope LMD'] },
      { group: 'REPORTS', links: ['Sample By Source', 'Sample By Status'] },
      { group: 'SETTINGS', links: ['Accounts', 'Countries', 'Roles', 'Guidelines', 'Logout'] },
    ],
  ],
  [
    roleUsers.CustomerService,
    [
      { group: 'MANAGEMENT', links: ['Dashboard', 'Client Requests', 'CS Check In'] },
      { group: 'REPORTS', links: ['Sample By Source', 'Sample By Status'] },
      logout,
    ],
  ],
  [
    roleUsers.Tester,
    [{ group: 'MANAGEMENT', links: ['Dashboard', 'Tester Workspace', 'Shipping Management'] }, logout],
  ],
  [
    roleUsers.Supervisor,
    [
      {
        group: 'MANAGEMENT',
        links: [
          'Dashboard',
          'Result Overview',
          'Non-conformities',
          'Control charts',
          'Proficiency tests',
          'Reference materials',
        ],
      },
      // A supervisor reads analyses but may not run the model: no Sample Insights.
      { group: 'ANALYSIS', links: ['Analysis Results', 'Isotope LMD'] },
      { group: 'REPORTS', links: ['Sample By Source', 'Sample By Status'] },
      logout,
    ],
  ],
  [roleUsers.Shipping, [{ group: 'MANAGEMENT', links: ['Shipping Management'] }, logout]],
  [
    roleUsers.Analyst,
    [
      { group: 'MANAGEMENT', links: ['Dashboard'] },
      { group: 'ANALYSIS', links: ['Sample Insights', 'Analysis Results', 'Isotope LMD'] },
      logout,
    ],
  ],
];

test.describe('[MENU]', () => {
  for (const [account, menu] of expectedMenus) {
    test(`[MENU] ${account.role} sees exactly their menu`, async ({ openSignedIn, shell }) => {
      await openSignedIn(account);
      await expect(shell.displayName).toHaveText(account.displayName);
      expect(await shell.menu()).toEqual(menu);
    });
  }

  test("[MENU] a screen the role may not use, opened by its address, says so in the user's language", async ({
    page,
    openSignedIn,
  }) => {
    await openSignedIn(roleUsers.Supervisor, '/analysis/analyze');
    await expect(page.getByRole('heading', { name: 'Sample Insights' })).toBeVisible();
    await expect(page.getByTestId('screen-forbidden')).toHaveText(
      'Your role does not include “Sample Insights”. An administrator can give it the permission under Settings → Roles.',
    );
    await page.evaluate(() => localStorage.setItem('language', 'vi'));
    await page.reload();
    await expect(page.getByTestId('screen-forbidden')).toContainText('Vai trò của bạn không có quyền dùng');
  });

  test('[MENU] hoanVuLab lands on /thirdlab-samples', async ({ page, loginPage, shell }) => {
    await loginPage.goto();
    await loginPage.signIn(roleUsers.hoanVuLab.username, roleUsers.hoanVuLab.password);
    await expect(page).toHaveURL(/\/thirdlab-samples$/);
    await expect(page.getByRole('heading', { name: 'Testing Statistics' })).toBeVisible();
    // Its own simpler layout: header, no sidebar.
    await expect(shell.displayName).toHaveText(roleUsers.hoanVuLab.displayName);
    await expect(shell.sidebar).toHaveCount(0);
    // Any staff screen sends the third lab back to its own list.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/thirdlab-samples$/);
  });

  test('[MENU] the sidebar folds to icons and back', async ({ page, openSignedIn, shell }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openSignedIn(admin);
    await page.getByRole('button', { name: 'Collapse menu' }).click();
    await expect(page.locator('aside[data-state="mini"]')).toBeVisible();
    await expect(shell.sidebar.getByRole('link', { name: 'Countries' })).toBeVisible();
    await page.getByRole('button', { name: 'Expand menu' }).click();
    await expect(page.locator('aside[data-state="full"]')).toBeVisible();
  });

  test('[MENU] under 993 px the menu opens as a full panel', async ({ page, openSignedIn, shell }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await openSignedIn(admin);
    await expect(shell.sidebar).toHaveCount(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(shell.sidebar.getByRole('heading', { name: 'MANAGEMENT' })).toBeVisible();
    await shell.openSidebarLink('Roles');
    await expect(page).toHaveURL(/\/settings\/roles$/);
  });
});
