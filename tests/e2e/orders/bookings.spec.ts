import type { APIRequestContext } from '@playwright/test';
import { admin, roleUsers } from '../support/accounts.ts';
import { expect, signInThroughApi, test } from '../support/fixtures.ts';
import { openMailbox, type Mailbox } from '../support/mailbox.ts';
import { BookingFormPage, bookingBody, submitBookingThroughApi } from '../support/page-models/booking-pages.ts';

// A 1×1 PNG: the attachments endpoint sniffs the type from the bytes.
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type BookingDetail = {
  bookingNumber: string;
  status: string;
  applicantCompany: string;
  rushService: boolean;
  sendReportFax: boolean;
  sampleTypes: { type: string; composition: string; expectedOrigins: { origin: string }[]; notes: string | null }[];
  payerInfo: { isTheSameClientInfo: boolean; companyName: string | null; sendInvoiceToEmail: string | null };
  factoryInfo: { enabled: boolean; factoryName: string | null };
  retailerInfo: { retailerName: string | null };
  attachments: { name: string; mimeType: string }[];
};

/** The bookings an applicant's e-mail has made, as staff see them (the API, signed in as the administrator). */
async function bookingsOf(request: APIRequestContext, email: string): Promise<BookingDetail[]> {
  const login = await signInThroughApi(request, admin);
  const headers = { authorization: `Bearer ${login.data.accessToken}` };
  const list = await request.get(`/api/bookings/find-all?search=${encodeURIComponent(email)}`, { headers });
  expect(list.status()).toBe(200);
  const { items } = ((await list.json()) as { data: { items: { id: number }[] } }).data;
  const details = [];
  for (const item of items) {
    const detail = await request.get(`/api/bookings/detail/${item.id}`, { headers });
    details.push(((await detail.json()) as { data: BookingDetail }).data);
  }
  return details;
}

test.describe('[BOOKINGS]', () => {
  let mailbox: Mailbox;

  test.beforeAll(async () => {
    mailbox = await openMailbox();
  });
  test.afterAll(async () => {
    await mailbox.close();
  });

  test('[BOOKINGS] an applicant fills the whole form in Vietnamese and submits', async ({ page, request }) => {
    const form = new BookingFormPage(page);
    await form.goto();
    await form.chooseLanguage('Tiếng Việt');
    await expect(page.getByRole('heading', { name: 'Phiếu yêu cầu đặt hàng', level: 1 })).toBeVisible();
    // The side guide: eight steps, a final step, and its notes.
    const guide = page.getByRole('complementary');
    await expect(guide.getByRole('list', { name: 'Các bước' }).getByRole('listitem')).toHaveCount(9);
    await expect(guide.getByText('Phiếu không đầy đủ sẽ làm chậm quá trình xử lý.')).toBeVisible();

    // 1. Applicant
    await form.textbox('applicant', 'Người liên hệ').fill('Nguyễn Thị Lan');
    await form.textbox('applicant', 'Công ty').fill('Hải sản Cửu Long');
    await form.textbox('applicant', 'Điện thoại').fill('+84 28 3822 1111');
    await form.textbox('applicant', 'Email').fill('lan@cuulong.example');
    await form.textbox('applicant', 'Địa chỉ').fill('12 Nguyễn Huệ');
    await form.textbox('applicant', 'Thành phố / Tỉnh / Quốc gia').fill('TP. Hồ Chí Minh, Việt Nam');
    await form.textbox('applicant', 'Gửi báo cáo tới email').fill('qa@cuulong.example');
    await form.checkbox('applicant', 'Thông tin liên hệ ở trên là mới nhất; hãy lưu lại cho các đơn đặt sau.').check();

    // 2. Samples: the prepared date is today, shown as D MMMM YYYY in Vietnamese.
    const date = form.section('samples').getByRole('textbox', { name: 'Ngày chuẩn bị mẫu' });
    await expect(date).toHaveValue(/^\d{1,2} tháng \d{1,2} \d{4}$/);
    await form.textbox('samples', 'Mô tả mẫu').fill('Tôm sú đông lạnh, hai lô');
    const first = form.sampleType(1);
    await first.getByRole('textbox', { name: 'Loại', exact: true }).fill('Tôm sú');
    await first.getByRole('textbox', { name: 'Thành phần' }).fill('Nguyên con');
    await first.getByRole('textbox', { name: 'Xuất xứ dự kiến 1' }).fill('Việt Nam');
    await first.getByRole('button', { name: 'Thêm xuất xứ' }).click();
    await first.getByRole('textbox', { name: 'Xuất xứ dự kiến 2' }).fill('Ấn Độ');
    await first.getByRole('textbox', { name: 'Ghi chú' }).fill('Bảo quản lạnh');
    await expect(first.getByRole('button', { name: 'Xóa loại mẫu 1' })).toBeDisabled();
    await form.section('samples').getByRole('button', { name: 'Thêm loại mẫu' }).click();
    const second = form.sampleType(2);
    await second.getByRole('textbox', { name: 'Loại', exact: true }).fill('Cá tra');
    await second.getByRole('textbox', { name: 'Thành phần' }).fill('Phi lê');
    await second.getByRole('textbox', { name: 'Xuất xứ dự kiến 1' }).fill('Việt Nam');
    await form.checkbox('samples', 'Dịch vụ khẩn').check();
    await expect(form.section('samples').getByText('Dịch vụ khẩn có thể phát sinh thêm phí.')).toBeVisible();
    await form.checkbox('samples', 'Hoàn trả mẫu sau khi kiểm nghiệm').check();
    await form.checkbox('samples', 'Báo cáo qua fax').check();
    await form.textbox('samples', 'Hướng dẫn đặc biệt').fill('Gọi trước khi lấy mẫu');

    // 3. Payer differs from the applicant.
    await expect(form.textbox('payer', 'Tên công ty')).toHaveCount(0);
    await form.checkbox('payer', 'Người thanh toán khác người yêu cầu').check();
    await form.textbox('payer', 'Tên công ty').fill('Tập đoàn Mekong');
    await form.textbox('payer', 'Tên người liên hệ').fill('Trần Văn Bình');
    await form.textbox('payer', 'Điện thoại').fill('+84 28 3822 2222');
    await form.textbox('payer', 'Email').fill('binh@mekong.example');
    await form.textbox('payer', 'Địa chỉ').fill('1 Lê Lợi');
    await form.textbox('payer', 'Thành phố / Tỉnh / Quốc gia').fill('Cần Thơ, Việt Nam');
    await form.textbox('payer', 'Gửi hóa đơn tới (email)').fill('invoice@mekong.example');

    // 4. Factory, opened by its checkbox.
    await form.checkbox('factory', 'Thêm thông tin nhà máy').check();
    await form.textbox('factory', 'Tên nhà máy').fill('Nhà máy Sóc Trăng');
    await form.textbox('factory', 'Tên người liên hệ').fill('Lê Văn Cường');
    await form.textbox('factory', 'Điện thoại').fill('+84 299 382 3333');
    await form.textbox('factory', 'Email').fill('factory@soctrang.example');
    await form.textbox('factory', 'Địa chỉ').fill('KCN An Nghiệp');
    await form.textbox('factory', 'Thành phố / Tỉnh / Quốc gia').fill('Sóc Trăng, Việt Nam');

    // 5. Retailer.
    await form.textbox('retailer', 'Tên nhà bán lẻ').fill('Siêu thị Xanh');

    // 6. Attachments (uploaded at once, removable) and review.
    const files = page.getByLabel('Chọn ảnh hoặc tệp PDF');
    await files.setInputFiles([
      { name: 'lo-1.png', mimeType: 'image/png', buffer: tinyPng },
      { name: 'nham.png', mimeType: 'image/png', buffer: tinyPng },
    ]);
    const attachments = form.section('review').getByRole('list', { name: 'Tệp đính kèm' });
    await expect(attachments.getByRole('listitem')).toHaveCount(2);
    await attachments.getByRole('button', { name: 'Xóa nham.png' }).click();
    await expect(attachments.getByRole('listitem')).toHaveCount(1);
    await form.textbox('review', 'Ghi chú đơn đặt').fill('Cần kết quả trước cuối tháng');
    await form.checkbox('review', 'Tôi xác nhận mọi thông tin đã cung cấp là chính xác và đầy đủ').check();

    await form.section('review').getByRole('button', { name: 'Gửi đơn đặt' }).click();
    await expect(
      form.confirmDialog.getByText(
        'Bạn có chắc chắn muốn gửi đơn đặt này không? Vui lòng kiểm tra lại thông tin trước khi gửi.',
      ),
    ).toBeVisible();
    await form.confirmDialog.getByRole('button', { name: 'Xác nhận' }).click();

    await expect(page.getByText('Đã tạo đơn', { exact: true })).toBeVisible();
    await expect(page.getByText('Đơn đặt của bạn đã được tạo thành công.')).toBeVisible();
    await expect(form.overlay).toHaveCount(0);
    // The confirmation page offers a new booking: the form is blank again, with a single sample type.
    await page.getByRole('button', { name: 'Gửi đơn đặt khác' }).click();
    await expect(form.textbox('applicant', 'Người liên hệ')).toHaveValue('');
    await expect(form.section('samples').getByRole('group', { name: /^Loại mẫu \d+$/ })).toHaveCount(1);
    await expect(form.textbox('payer', 'Tên công ty')).toHaveCount(0);

    const [booking, ...others] = await bookingsOf(request, 'lan@cuulong.example');
    expect(others).toEqual([]);
    expect(booking?.status).toBe('UnConfirmed');
    expect(booking?.applicantCompany).toBe('Hải sản Cửu Long');
    expect(booking?.rushService).toBe(true);
    expect(booking?.sendReportFax).toBe(true);
    expect(booking?.sampleTypes.map((s) => [s.type, s.expectedOrigins.map((o) => o.origin)])).toEqual([
      ['Tôm sú', ['Việt Nam', 'Ấn Độ']],
      ['Cá tra', ['Việt Nam']],
    ]);
    expect(booking?.payerInfo).toMatchObject({
      isTheSameClientInfo: false,
      companyName: 'Tập đoàn Mekong',
      sendInvoiceToEmail: 'invoice@mekong.example',
    });
    expect(booking?.factoryInfo).toMatchObject({ enabled: true, factoryName: 'Nhà máy Sóc Trăng' });
    expect(booking?.retailerInfo.retailerName).toBe('Siêu thị Xanh');
    expect(booking?.attachments.map((a) => a.name)).toEqual(['lo-1.png']);
  });

  test('[BOOKINGS] a submission retried after a lost answer makes one booking', async ({ page, request }) => {
    const email = 'retry@phuquoc.example';
    const keys: string[] = [];
    let loseAnswer = true;
    // The server gets the booking and commits it, but the page never hears back (a dropped connection).
    await page.route('**/api/sample-submit-form', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      keys.push((await route.request().headerValue('idempotency-key')) ?? '(none)');
      const answer = await route.fetch();
      if (loseAnswer) {
        loseAnswer = false;
        expect(answer.status()).toBe(201);
        return route.abort('connectionreset');
      }
      return route.fulfill({ response: answer });
    });

    const form = new BookingFormPage(page);
    await form.goto();
    await form.chooseLanguage('English');
    await form.textbox('applicant', 'Contact person').fill('Phuc Ho');
    await form.textbox('applicant', 'Company').fill('Phu Quoc Fish Sauce');
    await form.textbox('applicant', 'Telephone').fill('+84 297 384 5555');
    await form.textbox('applicant', 'Email').fill(email);
    await form.textbox('applicant', 'Address').fill('8 Duong Dong');
    await form.textbox('applicant', 'City / State / Country').fill('Phu Quoc, Vietnam');
    const sample = form.sampleType(1);
    await sample.getByRole('textbox', { name: 'Type', exact: true }).fill('Fish sauce');
    await sample.getByRole('textbox', { name: 'Composition' }).fill('Anchovy, salt');
    await sample.getByRole('textbox', { name: 'Expected origin 1' }).fill('Vietnam');
    await form.checkbox('review', 'I confirm that all information provided is accurate and complete').check();

    await form.section('review').getByRole('button', { name: 'Submit booking' }).click();
    await form.confirmDialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(form.overlay).toHaveCount(0);
    // Nothing was heard back: the form keeps everything, and the applicant tries again.
    await expect(form.textbox('applicant', 'Contact person')).toHaveValue('Phuc Ho');
    await form.section('review').getByRole('button', { name: 'Submit booking' }).click();
    await form.confirmDialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Order Created', { exact: true })).toBeVisible();

    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await bookingsOf(request, email)).toHaveLength(1);
  });

  test('[BOOKINGS] a failed submit focuses the first bad field', async ({ page }) => {
    const form = new BookingFormPage(page);
    await form.goto();
    await form.chooseLanguage('English');
    await form.textbox('applicant', 'Contact person').fill('Hoa Pham');
    await form.textbox('applicant', 'Company').fill('Highland Tea');
    await form.section('review').getByRole('button', { name: 'Submit booking' }).click();

    await expect(form.textbox('applicant', 'Telephone')).toBeFocused();
    await expect(form.section('applicant').getByText('This field is required.')).toHaveCount(4);
    await expect(form.section('samples').getByText('Type is required')).toBeVisible();
    await expect(form.confirmDialog).toHaveCount(0);

    // Fix the applicant block; the payer block opened later but sits above the confirmation box.
    await form.textbox('applicant', 'Telephone').fill('+84 263 382 4444');
    await form.textbox('applicant', 'Email').fill('hoa@highland.example');
    await form.textbox('applicant', 'Address').fill('3 Tran Phu');
    await form.textbox('applicant', 'City / State / Country').fill('Da Lat, Vietnam');
    await form.sampleType(1).getByRole('textbox', { name: 'Type', exact: true }).fill('Oolong tea');
    await form.sampleType(1).getByRole('textbox', { name: 'Composition' }).fill('Dried leaves');
    await form.sampleType(1).getByRole('textbox', { name: 'Expected origin 1' }).fill('Vietnam');
    await form.checkbox('payer', 'The payer differs from the applicant').check();
    await form.section('review').getByRole('button', { name: 'Submit booking' }).click();

    await expect(form.textbox('payer', 'Company name')).toBeFocused();
    await expect(form.section('payer').getByText('Invoice email is required')).toBeVisible();
    await expect(
      form.section('review').getByText('Please confirm that all information provided is accurate and complete.'),
    ).toBeVisible();
  });

  test('[BOOKINGS] quick-fill code from the received e-mail prefills a second booking', async ({ page, request }) => {
    const email = 'quynh@annam.example';
    await submitBookingThroughApi(request, bookingBody({ email, contactPerson: 'Quynh Le', company: 'An Nam Coffee' }));
    const mail = await mailbox.waitForMailTo(email, undefined, /quick-fill code/i);
    const code = /^\s+(\d{6})\s*$/m.exec(mail.raw)?.[1];
    expect(code, 'a 6-digit code in the mail').toBeTruthy();

    const form = new BookingFormPage(page);
    await form.goto();
    await form.chooseLanguage('English');
    const quickFill = page.getByRole('form', { name: 'Quick data entry' });

    // A wrong code: the server's message.
    await quickFill.getByLabel('E-mail or phone number').fill(email);
    await quickFill.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
    await quickFill.getByLabel('Code').press('Enter');
    await expect(quickFill.getByText('The code is incorrect or has expired.')).toBeVisible();
    // Said once: not again in a toast.
    await expect(page.getByText('The code is incorrect or has expired.')).toHaveCount(1);
    await expect(form.textbox('applicant', 'Company')).toHaveValue('');

    await quickFill.getByLabel('Code').fill(code!);
    await quickFill.getByLabel('Code').press('Enter');
    await expect(page.getByText('Data retrieved successfully!')).toBeVisible();
    await expect(form.textbox('applicant', 'Company')).toHaveValue('An Nam Coffee');
    await expect(form.textbox('applicant', 'Contact person')).toHaveValue('Quynh Le');
    await expect(form.textbox('applicant', 'Email')).toHaveValue(email);
    await expect(form.textbox('applicant', 'Telephone')).toHaveValue('+84 90 555 0101');
    await expect(form.textbox('applicant', 'Address')).toHaveValue('45 Le Loi');
    await expect(form.textbox('applicant', 'City / State / Country')).toHaveValue('Can Tho, Vietnam');

    const sample = form.sampleType(1);
    await sample.getByRole('textbox', { name: 'Type', exact: true }).fill('Robusta beans');
    await sample.getByRole('textbox', { name: 'Composition' }).fill('Green beans');
    await sample.getByRole('textbox', { name: 'Expected origin 1' }).fill('Vietnam');
    await form.checkbox('review', 'I confirm that all information provided is accurate and complete').check();
    await form.section('review').getByRole('button', { name: 'Submit booking' }).click();
    await form.confirmDialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Order Created', { exact: true })).toBeVisible();
    await expect(page.getByText('Your booking has been successfully created.')).toBeVisible();

    const bookings = await bookingsOf(request, email);
    expect(bookings.map((b) => b.sampleTypes[0]?.type).sort()).toEqual(['Jasmine rice', 'Robusta beans']);
  });

  test('[BOOKINGS] staff confirm one booking and cancel another with a reason', async ({
    page,
    request,
    openSignedIn,
  }) => {
    const toConfirm = await submitBookingThroughApi(
      request,
      bookingBody({ email: 'son@saigonspice.example', contactPerson: 'Son Vo', company: 'Saigon Spice' }),
    );
    const toCancel = await submitBookingThroughApi(
      request,
      bookingBody({ email: 'thu@hanoiherbs.example', contactPerson: 'Thu Do', company: 'Hanoi Herbs' }),
    );

    await openSignedIn(roleUsers.CustomerService, '/bookings');
    await expect(page.getByRole('heading', { name: 'Client Requests' })).toBeVisible();
    await page.getByLabel('Booking number').fill(toConfirm.bookingNumber);
    const rows = page.getByRole('row').filter({ hasText: 'Saigon Spice' });
    await expect(rows).toHaveCount(1);
    await expect(page.getByRole('row').filter({ hasText: 'Hanoi Herbs' })).toHaveCount(0);
    await rows.getByRole('link', { name: `Open booking ${toConfirm.bookingNumber}` }).click();

    await expect(page.getByRole('heading', { name: `Booking ${toConfirm.bookingNumber}` })).toBeVisible();
    // Dismissing the prompt confirms nothing.
    await page.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(
      page.getByRole('alertdialog').getByText('Are you sure you want to confirm this booking?'),
    ).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Booking confirmation cancelled.')).toBeVisible();

    await page.getByRole('button', { name: 'Confirm booking' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Booking confirmed successfully.')).toBeVisible();
    await expect(page.locator('[data-status="Confirmed"]')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Sample entries' }).getByText(/^IDFL-/)).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Confirm booking' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);

    await page.goto(`/bookings/${toCancel.id}`);
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel Booking' });
    await expect(dialog.getByText('Are you sure you want to cancel this booking?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(dialog.getByText('Please enter a reason for cancellation.')).toBeVisible();
    await dialog.getByLabel('Reason for cancellation').fill('The client sent the samples to another laboratory.');
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(page.getByText('Booking cancelled successfully.')).toBeVisible();
    await expect(page.locator('[data-status="Cancelled"]')).toBeVisible();
    await expect(page.getByText('The client sent the samples to another laboratory.').first()).toBeVisible();

    await page.goto('/bookings');
    await page.getByLabel('Booking number').fill(toCancel.bookingNumber);
    await expect(
      page.getByRole('row').filter({ hasText: 'Hanoi Herbs' }).locator('[data-status="Cancelled"]'),
    ).toBeVisible();
  });

  test('[BOOKINGS] staff enter a booking by hand and open its attachment', async ({ page, openSignedIn }) => {
    await openSignedIn(roleUsers.CustomerService, '/bookings');
    await page.getByRole('link', { name: 'Create booking' }).click();
    await expect(page.getByRole('heading', { name: 'Create Booking' })).toBeVisible();

    const form = new BookingFormPage(page);
    await form.textbox('applicant', 'Contact person').fill('Khanh Bui');
    await form.textbox('applicant', 'Company').fill('Central Highlands Pepper');
    await form.textbox('applicant', 'Telephone').fill('+84 262 385 6666');
    await form.textbox('applicant', 'Email').fill('khanh@pepper.example');
    await form.textbox('applicant', 'Address').fill('22 Y Jut');
    await form.textbox('applicant', 'City / State / Country').fill('Buon Ma Thuot, Vietnam');
    const sample = form.sampleType(1);
    await sample.getByRole('textbox', { name: 'Type', exact: true }).fill('Black pepper');
    await sample.getByRole('textbox', { name: 'Composition' }).fill('Whole peppercorns');
    await sample.getByRole('textbox', { name: 'Expected origin 1' }).fill('Vietnam');
    await page.getByLabel('Choose images or PDF files').setInputFiles({
      name: 'peppercorns.png',
      mimeType: 'image/png',
      buffer: tinyPng,
    });
    await expect(form.section('review').getByRole('list', { name: 'Attachments' }).getByRole('listitem')).toHaveCount(
      1,
    );
    await form.checkbox('review', 'I confirm that all information provided is accurate and complete').check();
    await form.section('review').getByRole('button', { name: 'Submit booking' }).click();
    await form.confirmDialog.getByRole('button', { name: 'Confirm' }).click();

    await expect(page.getByText('Booking created successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/bookings\/\d+$/);
    await expect(page.getByRole('heading', { name: /^Booking BK-\d{4}-\d{5}$/ })).toBeVisible();
    await expect(page.getByText('Central Highlands Pepper')).toBeVisible();

    // Files need the bearer token: the detail fetches the file and opens it from a blob URL.
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Open peppercorns.png' }).click();
    const tab = await popup;
    await expect.poll(() => tab.url()).toMatch(/^blob:/);
    await tab.close();
  });
});
