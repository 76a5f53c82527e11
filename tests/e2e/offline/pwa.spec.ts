import { readFileSync } from 'node:fs';
import { admin } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';

type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
};

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test.describe('[PWA]', () => {
  test('[PWA] the manifest and icons meet the installability facts', async ({ page, request }) => {
    await page.goto('/auth/login');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const response = await request.get(href ?? '');
    expect(response.ok()).toBe(true);
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({ name: 'Isotope Lab', start_url: '/', display: 'standalone' });
    expect(manifest.short_name).toBeTruthy();
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);

    const sizes = new Set<string>();
    for (const icon of manifest.icons) {
      const file = await request.get(icon.src);
      expect(file.ok(), icon.src).toBe(true);
      expect(file.headers()['content-type']).toContain('image/png');
      const { width, height } = pngSize(Buffer.from(await file.body()));
      expect(`${width}x${height}`).toBe(icon.sizes);
      sizes.add(`${icon.sizes}:${icon.purpose ?? 'any'}`);
    }
    expect([...sizes]).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
    // The committed sources are the same files.
    expect(pngSize(readFileSync('public/icons/icon-512.png'))).toEqual({ width: 512, height: 512 });

    // A service worker controls the page once it is installed.
    await page.waitForFunction(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active !== null;
    });
  });

  test('[PWA] the app reloads offline from the service worker', async ({ page, context, openSignedIn, shell }) => {
    await openSignedIn(admin, '/settings/roles');
    await expect(page.getByRole('heading', { name: 'Roles', level: 1 })).toBeVisible();
    await page.waitForFunction(async () => {
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    });
    // Visit the lazily loaded screens once so their code is known to work from the precache.
    await shell.openSidebarLink('Countries');
    await expect(page.getByRole('heading', { name: 'Countries', level: 1 })).toBeVisible();

    await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await context.setOffline(true);
    try {
      await page.reload();
      await expect(shell.displayName).toHaveText(admin.displayName);
      await expect(page.getByRole('heading', { name: 'Countries', level: 1 })).toBeVisible();
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    } finally {
      await context.unroute('**/api/**');
      await context.setOffline(false);
    }
  });
  test('[PWA] the public order form opens offline after its first visit, dated today, its calendar too', async ({
    page,
    context,
  }) => {
    // D MMMM YYYY in the browser's time zone (the same as this process's).
    const today = new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
    await page.goto('/booking/isotope-submittal-form');
    const preparedDate = page.locator('input[name="samplePreparedDate"]');
    await expect(preparedDate).toHaveValue(today);
    await page.waitForFunction(async () => {
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    });

    await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Order Request Form', level: 1 })).toBeVisible();
      await expect(preparedDate).toHaveValue(today);
      // The calendar is fetched when first opened (docs/performance.md): from the precache here.
      await page.getByRole('button', { name: 'Open the calendar' }).click();
      const calendar = page.getByRole('group', { name: 'Calendar' });
      await expect(calendar.getByRole('button', { name: today, exact: true })).toHaveAttribute('data-today', 'true');
    } finally {
      await context.unroute('**/api/**');
      await context.setOffline(false);
    }
  });
});
