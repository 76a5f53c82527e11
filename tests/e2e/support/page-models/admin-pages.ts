import type { Locator, Page } from '@playwright/test';
import permissionWords from '../../../../src/shared/locales/en/permissions.json' with { type: 'json' };

/** A permission as the role dialog shows it: its readable label (the identifier is the API's word). */
function permissionLabel(permission: string): string {
  return (permissionWords as Record<string, { label: string }>)[permission]?.label ?? permission;
}

export class RolesPage {
  readonly heading: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Roles', level: 1 });
    this.dialog = page.getByRole('dialog');
  }

  async goto() {
    await this.page.goto('/settings/roles');
  }

  async createRole(name: string, description: string, permissions: string[]) {
    await this.page.getByRole('button', { name: 'Add role' }).click();
    await this.dialog.getByLabel('Role name').fill(name);
    await this.dialog.getByLabel('Description').fill(description);
    for (const permission of permissions) {
      await this.dialog.getByRole('checkbox', { name: permissionLabel(permission), exact: true }).click();
    }
    await this.dialog.getByRole('button', { name: 'Save' }).click();
  }

  row(name: string): Locator {
    return this.page.getByRole('row').filter({ has: this.page.getByRole('cell', { name, exact: true }) });
  }
}

export type NewUser = { username: string; displayName: string; email: string; password: string; role: string };

export class AccountsPage {
  readonly heading: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Accounts', level: 1 });
    this.dialog = page.getByRole('dialog');
  }

  async goto() {
    await this.page.goto('/settings/accounts');
  }

  async createUser(user: NewUser) {
    await this.page.getByRole('button', { name: 'Create user' }).click();
    await this.dialog.getByLabel('Username').fill(user.username);
    await this.dialog.getByLabel('Display name').fill(user.displayName);
    await this.dialog.getByLabel('Email').fill(user.email);
    await this.dialog.getByLabel('Password').fill(user.password);
    await this.dialog.getByRole('combobox', { name: 'Role' }).click();
    await this.page.getByRole('option', { name: user.role, exact: true }).click();
    await this.dialog.getByRole('button', { name: 'Save' }).click();
  }

  row(username: string): Locator {
    return this.page.getByRole('row').filter({ has: this.page.getByRole('cell', { name: username, exact: true }) });
  }
}
