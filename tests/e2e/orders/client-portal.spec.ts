import { admin, roleUsers } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { openMailbox, type Mailbox } from '../support/mailbox.ts';
import { bookingBody, submitBookingThroughApi } from '../support/page-models/booking-pages.ts';
import { callApi, headersOf, returnResult, sendSampleToThirdLab } from '../support/sample-setup.ts';

// A client follows their order on My orders (docs/client-portal.md), on a phone, in Vietnamese,
// signed in by the link of the confirmation mail delivered through real SMTP.

/** The My orders link of a mail: its text may be quoted-printable (soft breaks, =3D). */
function myOrdersLink(raw: string): string {
  const text = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const link = /https?:\/\/\S+\/booking\/my-orders\?link=[\w%-]+/.exec(text)?.[0];
  if (!link) throw new Error('no My orders link in the mail');
  return new URL(link).pathname + new URL(link).search;
}

test.describe('[CLIENT PORTAL]', () => {
  let mailbox: Mailbox;
  test.use({ viewport: { width: 390, height: 844 } });
  test.beforeAll(async () => {
    mailbox = await openMailbox();
  });
  test.afterAll(async () => {
    await mailbox.close();
  });

  test('[CLIENT PORTAL] a client follows the mailed link, sees the stage move, and a reused link says so', async ({
    page,
    request,
    openSignedIn,
  }) => {
    const stamp = Date.now();
    const email = `client-${stamp}@portal.example`;
    const booking = await submitBookingThroughApi(request, bookingBody({ email }));
    const stranger = await submitBookingThroughApi(request, bookingBody({ email: `other-${stamp}@portal.example` }));
    const mail = await mailbox.waitForMailTo(email, undefined, /my-orders/);
    const link = myOrdersLink(mail.raw);

    await page.addInitScript(() => localStorage.setItem('language', 'vi'));
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Đơn đặt của tôi', level: 1 })).toBeVisible();
    const card = page.locator(`[data-booking="${booking.bookingNumber}"]`);
    await expect(card.getByText(`Đơn đặt ${booking.bookingNumber}`)).toBeVisible();
    await expect(card.getByText('Chờ xác nhận')).toBeVisible();
    await expect(page).toHaveURL(/\/booking\/my-orders$/);
    await expect(page.locator(`[data-booking="${stranger.bookingNumber}"]`)).toHaveCount(0);
    // Another client's booking by its id: the same answer as no booking at all.
    const theirs = await page.request.get(`/api/client/bookings/${stranger.id}`);
    expect(theirs.status()).toBe(404);

    const staff = await headersOf(request, admin);
    const confirmed = (await callApi(request, staff, 'PUT', `/api/cs-lab/check-in?id=${booking.id}`)) as {
      sampleEntries: { id: number }[];
    };
    await page.reload();
    await expect(card.locator('[data-stage]')).toHaveText('Chờ mẫu đến');
    await callApi(request, staff, 'PUT', `/api/cs-lab/check-in?id=${confirmed.sampleEntries[0]!.id}&entry=sample`, {
      receivedDate: new Date().toISOString(),
      receivedBy: 'Lan Nguyen',
      initialWeight: 120,
      unit: 'g',
      receivedCondition: 'intact',
    });
    await page.reload();
    await expect(card.locator('[data-stage]')).toHaveText('Đã nhận mẫu');
    await expect(card.getByText(/^Đã nhận mẫu ngày /)).toBeVisible();
    // A file for the laboratory, through the order form's public upload.
    await card.locator('input[type="file"]').setInputFiles({
      name: 'packing-list.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
    });
    await expect(card.getByText('Đã đính kèm 1 tệp')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('my-orders-390-vi.png'), fullPage: true });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, 'no sideways scrolling on a phone').toBeLessThanOrEqual(390);

    // The link was used once: opened again, it says so and shows nothing of the booking.
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.locator('[data-link-error]')).toHaveText(
      'Liên kết đăng nhập này đã được sử dụng. Hãy yêu cầu liên kết mới trên trang Đơn đặt của tôi.',
    );
    await expect(page.locator('[data-booking]')).toHaveCount(0);
    await expect(page.getByLabel('Địa chỉ e-mail của bạn')).toBeVisible();

    // Staff see the client's side on the booking: the mails sent and the client's last look.
    await openSignedIn(admin, `/bookings/${booking.id}`);
    const clientSide = page.locator('[data-client-activity]');
    await expect(clientSide.locator('[data-client-mail="received"]')).toBeVisible();
    await expect(clientSide.locator('[data-client-mail="confirmation"]')).toBeVisible();
    await expect(clientSide.locator('[data-client-last-looked]')).toContainText('Khách hàng xem lần cuối ngày');
  });

  test('[CLIENT PORTAL] the certified-result mail leads to the certificate, downloaded as a PDF', async ({
    page,
    request,
  }) => {
    const email = `certified-${Date.now()}@portal.example`;
    const staff = await headersOf(request, admin);
    const sample = await sendSampleToThirdLab(request, staff, email);
    await returnResult(request, await headersOf(request, roleUsers.hoanVuLab), sample.id);
    await callApi(request, staff, 'PUT', `/api/supervisor-lab/conclusion-lab/update?id=${sample.id}`, {
      expectedConclusion: 'Consistent with Vietnam',
      conclusion: 'Consistent with the claimed origin',
      predictedOrigin: 'Vietnam',
      originReason: 'No reference set for this material yet',
      version: (await (await request.get(`/api/supervisor-lab/get-detail/${sample.id}`, { headers: staff })).json())
        .data.version,
    });
    await callApi(request, staff, 'PUT', `/api/supervisor-lab/confirm-final-result?id=${sample.id}`);
    await callApi(request, staff, 'PUT', `/api/issue-certificate?id=${sample.id}`);

    const mail = await mailbox.waitForMailTo(email, undefined, /result certified/);
    await page.goto(myOrdersLink(mail.raw));
    const certificate = page.locator(`[data-sample="${sample.idflNumber}"] [data-certificate-status="Valid"]`);
    await expect(certificate).toContainText('Valid');
    await expect(certificate.getByRole('link', { name: 'Verification page' })).toHaveAttribute(
      'href',
      /^\/certificate\/[\w-]+$/,
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      certificate.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    await page.setViewportSize({ width: 820, height: 1180 });
    await page.screenshot({ path: test.info().outputPath('my-orders-820.png'), fullPage: true });
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  });
});
