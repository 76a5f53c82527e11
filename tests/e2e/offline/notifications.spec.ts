import type { Page } from '@playwright/test';
import { roleUsers } from '../support/accounts.ts';
import { expect, signInThroughApi, test, type StoredLogin } from '../support/fixtures.ts';
import { authorised, seedSampleSentToTester } from '../support/sample-seeding.ts';

// Work arriving at a bench: through the server's event stream while the app is open, and through a
// push message the browser hands to the service worker.

/** Starts the tester's bell from zero, whatever earlier specs left in it. */
async function emptyBell(page: Page, session: StoredLogin) {
  const cleared = await page.request.delete('/api/notification', { headers: authorised(session) });
  expect(cleared.status()).toBe(200);
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications \(/ });

const testerList = /\/api\/tester-lab\/get-all\?.*limit=500/;

/**
 * Reloads the bench and waits until the new page listens to the stream and has loaded its list once
 * (its view, then the whole list for offline use, in pages of 500); only a load after that would be
 * polling. The first page's loads may still be under way when the reload starts, so only answers
 * that arrive after the new page commits count: an old answer would let the new page's first load
 * pass for polling.
 */
async function reloadListening(page: Page) {
  let committed = false;
  const onNavigated = (frame: unknown) => {
    if (frame === page.mainFrame()) committed = true;
  };
  page.on('framenavigated', onNavigated);
  const streaming = page.waitForResponse((r) => committed && r.url().endsWith('/api/notification/stream') && r.ok());
  const listed = page.waitForResponse((r) => committed && testerList.test(r.url()) && r.ok());
  await page.reload();
  await Promise.all([streaming, listed]);
  page.off('framenavigated', onNavigated);
}

test.describe('[NOTIFICATIONS] the bell', () => {
  test('a tester sees the count rise and a toast when the client-side lab transfers a sample', async ({
    page,
    request,
    openSignedIn,
  }) => {
    const cs = await signInThroughApi(request, roleUsers.CustomerService);
    const tester = await openSignedIn(roleUsers.Tester, '/testers');
    await emptyBell(page, tester);
    // The app must be listening before the transfer: its stream answers at once and stays open.
    await reloadListening(page);
    await expect(bell(page)).toHaveAccessibleName('Notifications (0 unread)');
    await expect(page.getByTestId('notification-count')).toHaveCount(0);
    const listCalls: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/tester-lab\/get-all/.test(r.url())) listCalls.push(r.url());
    });

    const sample = await seedSampleSentToTester(request, cs, `NOTE-${Date.now()}`);

    await expect(page.getByTestId('notification-count')).toHaveText('1', { timeout: 5_000 });
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'New sample to check in' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(`Sample ${sample.idflNumber} was sent to the tester lab.`);
    // Where the specification puts a notification: bottom-right, 440 px wide.
    const toaster = page.locator('[data-sonner-toaster]');
    await expect(toaster).toHaveAttribute('data-y-position', 'bottom');
    await expect(toaster).toHaveAttribute('data-x-position', 'right');
    expect((await toast.boundingBox())?.width).toBe(440);
    // The stream, not the lists, brought the news.
    expect(listCalls).toEqual([]);

    await bell(page).click();
    const item = page.getByTestId('notification-item').filter({ hasText: sample.idflNumber });
    await expect(item).toHaveAttribute('data-read', 'false');
    await item.getByRole('button', { name: /New sample to check in/ }).click();
    await expect(page).toHaveURL(new RegExp(`/testers/${sample.id}$`));
    await expect(page.getByTestId('notification-count')).toHaveCount(0);
  });

  test('shows at most 5 toasts at once; the rest wait their turn as others close after 4 s', async ({
    page,
    openSignedIn,
  }) => {
    const tester = await openSignedIn(roleUsers.Tester, '/testers');
    await emptyBell(page, tester);
    await reloadListening(page);
    for (let i = 1; i <= 7; i++) {
      const ping = await page.request.post(`/api/notification/ping/bench-call-${i}`, { headers: authorised(tester) });
      expect(ping.status()).toBe(200);
    }
    await expect(page.getByTestId('notification-count')).toHaveText('7');
    const toasts = page.locator('[data-sonner-toast]').filter({ hasText: /bench-call-/ });
    await expect(toasts).toHaveCount(5);
    for (let i = 1; i <= 5; i++) await expect(toasts.filter({ hasText: `bench-call-${i}` })).toBeVisible();
    await expect(toasts.filter({ hasText: 'bench-call-6' })).toHaveCount(0);
    // Once the first ones close (4000 ms), the waiting ones show, in order.
    await expect(toasts.filter({ hasText: 'bench-call-6' })).toBeVisible({ timeout: 9_000 });
    await expect(toasts.filter({ hasText: 'bench-call-7' })).toBeVisible();
  });

  test('shows the notifications in Vietnamese and never asks for push permission on load', async ({
    page,
    openSignedIn,
  }) => {
    const tester = await openSignedIn(roleUsers.Tester, '/testers');
    await emptyBell(page, tester);
    const ping = await page.request.post('/api/notification/ping/Xin%20ch%C3%A0o', { headers: authorised(tester) });
    expect(ping.status()).toBe(200);
    await page.evaluate(() => localStorage.setItem('language', 'vi'));
    await page.reload();
    await expect(page.getByTestId('notification-count')).toHaveText('1');
    await page.getByRole('button', { name: /^Thông báo \(1 chưa đọc\)/ }).click();
    await expect(page.getByTestId('notification-item')).toContainText('Xin chào');
    await page.getByRole('button', { name: 'Xóa tất cả' }).click();
    await expect(page.getByText('Không có thông báo')).toBeVisible();

    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /Menu người dùng|User menu/ }).click();
    await expect(page.getByTestId('push-switch')).toHaveText(/Thông báo đẩy trên thiết bị này/);
    await expect(page.getByTestId('push-switch')).toHaveAttribute('aria-checked', 'false');
  });
});

test.describe('[NOTIFICATIONS] Web Push in the service worker', () => {
  test('a push message shows a system notification and reaches the open page as NEW_NOTIFICATION', async ({
    page,
    context,
    openSignedIn,
  }) => {
    await context.grantPermissions(['notifications']);
    await openSignedIn(roleUsers.Tester, '/testers');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    const cdp = await context.newCDPSession(page);
    const registration = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((r) => !r.isDeleted);
        if (found) resolve(found.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registration;

    // The page's own ear for the worker's messages, in place before the push arrives.
    await page.evaluate(() => {
      const heard: unknown[] = [];
      (window as unknown as { heardFromWorker: unknown[] }).heardFromWorker = heard;
      navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
        if (event.data?.type === 'NEW_NOTIFICATION') heard.push(event.data);
      });
    });
    const id = String(Date.now());
    const payload = {
      id,
      title: 'Ping',
      message: 'Push from the bench',
      url: '/sync',
      time: new Date().toISOString(),
      kind: 'ping',
      params: { message: 'Push from the bench' },
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(page.url()).origin,
      registrationId,
      data: JSON.stringify(payload),
    });

    await expect
      .poll(() => page.evaluate(() => (window as unknown as { heardFromWorker: unknown[] }).heardFromWorker))
      .toEqual([expect.objectContaining({ type: 'NEW_NOTIFICATION', id, title: 'Ping', url: '/sync', kind: 'ping' })]);
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Push from the bench' })).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const shown = await (await navigator.serviceWorker.ready).getNotifications();
          return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }));
        }),
      )
      .toContainEqual({
        title: 'Ping',
        body: 'Push from the bench',
        tag: `notification-${id}`,
        data: { url: '/sync' },
      });
  });
});
