import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import type { E2eAccount } from './accounts.ts';
import { AppShell } from './page-models/app-shell.ts';
import { LoginPage } from './page-models/login-page.ts';

export type StoredLogin = {
  result: boolean;
  message: string;
  data: { accessToken: string; refreshToken: string; roles: string[]; user: Record<string, unknown> };
};

/** Signs in through the API (not the form): what every spec but the sign-in spec starts from. */
export async function signInThroughApi(request: APIRequestContext, account: E2eAccount): Promise<StoredLogin> {
  const response = await request.post('/api/auth', { data: { email: account.username, password: account.password } });
  expect(response.status(), `sign in as ${account.username}`).toBe(200);
  return (await response.json()) as StoredLogin;
}

/**
 * Seeds localStorage with the session's four keys before the app's first script runs, once per tab:
 * later navigations (after a logout, say) see whatever the app left.
 */
export async function seedSession(page: Page, login: StoredLogin) {
  await page.addInitScript((stored: StoredLogin) => {
    if (sessionStorage.getItem('e2e-session-seeded')) return;
    sessionStorage.setItem('e2e-session-seeded', '1');
    localStorage.setItem('access_token', stored.data.accessToken);
    localStorage.setItem('refresh_token', stored.data.refreshToken);
    localStorage.setItem('user', JSON.stringify(stored));
    localStorage.setItem('user_info', JSON.stringify(stored.data.user));
  }, login);
}

type Fixtures = {
  loginPage: LoginPage;
  shell: AppShell;
  /** Signs `account` in through the API and opens `path` (default /dashboard) signed in. */
  openSignedIn: (account: E2eAccount, path?: string) => Promise<StoredLogin>;
};

export const test = base.extend<Fixtures>({
  loginPage: async ({ page }, use) => {
    await use(new LoginPage(page));
  },
  shell: async ({ page }, use) => {
    await use(new AppShell(page));
  },
  openSignedIn: async ({ page, request }, use) => {
    await use(async (account, path = '/dashboard') => {
      const login = await signInThroughApi(request, account);
      await seedSession(page, login);
      await page.goto(path);
      return login;
    });
  },
});

export { expect };
