import type { Locator, Page } from '@playwright/test';

export class LoginPage {
  readonly form: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly failure: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Sign-in form' });
    this.email = page.getByLabel('Email or username');
    this.password = page.getByLabel('Password', { exact: true });
    this.submit = page.getByRole('button', { name: 'Login' });
    this.failure = this.form.getByRole('alert');
  }

  async goto() {
    await this.page.goto('/auth/login');
  }

  async signIn(login: string, password: string) {
    await this.email.fill(login);
    await this.password.fill(password);
    await this.submit.click();
  }
}
