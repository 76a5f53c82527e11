import type { Locator, Page } from '@playwright/test';

export type MenuGroupText = { group: string; links: string[] };

/** The staff layout: sidebar, header, user menu. */
export class AppShell {
  readonly sidebar: Locator;
  readonly displayName: Locator;
  readonly userMenuButton: Locator;

  constructor(readonly page: Page) {
    this.sidebar = page.getByRole('navigation', { name: 'Main navigation' });
    this.displayName = page.getByTestId('display-name');
    this.userMenuButton = page.getByRole('button', { name: 'User menu' });
  }

  /** The sidebar as the user sees it: each group's title and its entries, in order. */
  async menu(): Promise<MenuGroupText[]> {
    await this.sidebar.waitFor();
    const groups = this.sidebar.locator('section');
    const result: MenuGroupText[] = [];
    for (const group of await groups.all()) {
      const title = (await group.locator('h2').innerText()).trim();
      const links = (await group.locator('li').allInnerTexts()).map((text) => text.trim());
      result.push({ group: title, links });
    }
    return result;
  }

  async openSidebarLink(name: string) {
    await this.sidebar.getByRole('link', { name, exact: true }).click();
  }

  async logoutFromUserMenu() {
    await this.userMenuButton.click();
    await this.page.getByRole('menuitem', { name: 'Logout' }).click();
  }
}
