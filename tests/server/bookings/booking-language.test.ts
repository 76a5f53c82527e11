import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { booking, outboundMail, sampleEntry } from '../../../src/server/db/schema.ts';
import { submitBooking } from '../support/bookings.ts';
import { importCottonReferences, saveOriginAnalysis } from '../support/origin-analysis.ts';
import { sampleAt } from '../support/sample-journey.ts';
import { useTestApp } from '../support/test-app.ts';

// The booking keeps the language its form was filled in, and every mail and PDF sent to
// its client is written in it: the confirmation, the quick-fill code, the certificate and its mail.

const t = useTestApp();

const mailsTo = (address: string) =>
  t.database.db.select().from(outboundMail).where(eq(outboundMail.to, address)).orderBy(outboundMail.id);

function pdfText(bytes: Uint8Array): string {
  const run = spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes });
  expect(run.status, run.stderr.toString()).toBe(0);
  return run.stdout.toString('utf8').normalize('NFC').replace(/\s+/g, ' ');
}

describe('[BOOKING LANGUAGE] mails and PDFs in the language the booking was made in', () => {
  it("mails a Vietnamese booking's confirmation and quick-fill code in Vietnamese, and keeps the language", async () => {
    const created = await submitBooking(t, { language: 'vi', isAgreeRegistration: true, rushService: true });
    const mails = await mailsTo('an@saigon-cotton.vn');
    const confirmation = mails.find((m) => m.subject.includes(created.bookingNumber))!;
    expect(confirmation.subject).toBe(`Đã nhận đơn đặt ${created.bookingNumber}`);
    expect(confirmation.text).toContain(`Số đơn đặt của Quý khách là ${created.bookingNumber}.`);
    expect(confirmation.text).toContain('Dịch vụ khẩn: có');
    expect(confirmation.text).toMatch(/Ngày chuẩn bị mẫu: \d+ tháng \d+ \d{4}/);
    expect(confirmation.text).not.toContain('Thank you');
    expect(mails.some((m) => m.subject === 'Mã điền nhanh của Quý khách cho Biểu mẫu đặt hàng')).toBe(true);

    const admin = await t.signInAsAdmin();
    const detail = await t.request('GET', `/api/bookings/detail/${created.id}`, { token: admin });
    expect(detail.body.data.language).toBe('vi');
  });

  it('keeps English for a form that names no language, and staff change it on the booking', async () => {
    const created = await submitBooking(t, { isAgreeRegistration: false });
    const [mail] = await mailsTo('an@saigon-cotton.vn');
    expect(mail!.subject).toBe(`Booking ${created.bookingNumber} received`);
    const staff = await t.userWith(['CanCreateBooking', 'CanViewDetailBooking']);
    const changed = await t.request('PUT', '/api/bookings/language', {
      token: staff.token,
      body: { id: created.id, language: 'vi' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const [row] = await t.database.db.select().from(booking).where(eq(booking.id, created.id));
    expect(row!.language).toBe('vi');
    const bad = await t.request('PUT', '/api/bookings/language', {
      token: staff.token,
      body: { id: created.id, language: 'fr' },
    });
    expect(bad.status).toBe(400);
    const viewer = await t.userWith(['CanViewDetailBooking']);
    expect(
      (
        await t.request('PUT', '/api/bookings/language', {
          token: viewer.token,
          body: { id: created.id, language: 'en' },
        })
      ).status,
    ).toBe(403);
  });

  // Fits the origin model, draws and signs the certificate: slow on a loaded two-core machine.
  it('issues and mails the certificate of a Vietnamese booking in Vietnamese, with the likelihood ratio', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'ResultReturned', {
      form: { sampleCode: 'LOT-78', sampleInformation: 'Bông xơ, 2 kiện' },
    });
    const [row] = await t.database.db
      .insert(booking)
      .values({
        bookingNumber: 'BK-2026-09996',
        applicantContactPerson: 'Nguyễn Thị Lan',
        applicantCompany: 'Công ty Dệt may Đông Á',
        telephone: '0901234567',
        email: 'lan@example.com',
        address: '1 Lê Lợi',
        cityStateCountry: 'Hồ Chí Minh, Việt Nam',
        samplePreparedDate: '2026-03-01',
        language: 'vi',
      })
      .returning();
    await t.database.db
      .update(sampleEntry)
      .set({ bookingId: row!.id, receivedCondition: 'damaged', receiptNote: 'Túi rách một góc' })
      .where(eq(sampleEntry.id, sample.id));
    await importCottonReferences(t, admin);
    const { version } = await saveOriginAnalysis(t, admin, sample);
    const concluded = await t.request('PUT', `/api/supervisor-lab/conclusion-lab/update?id=${sample.id}`, {
      token: admin,
      body: { expectedConclusion: 'VN', conclusion: 'Phù hợp với nguồn gốc được khai', version },
    });
    expect(concluded.status, JSON.stringify(concluded.body)).toBe(200);
    const supervisor = await t.userWith(['CanConfirmFinalResult']);
    const confirmed = await t.request('PUT', `/api/supervisor-lab/confirm-final-result?id=${sample.id}`, {
      token: supervisor.token,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const issued = await t.request('PUT', `/api/issue-certificate?id=${sample.id}`, { token: supervisor.token });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const file = await t.request('GET', `/api/issue-certificate/file?token=${issued.body.data.token}`, {
      token: admin,
    });
    const bytes = new Uint8Array(await file.raw.arrayBuffer());
    if (process.env.CERTIFICATE_PDF_OUT) writeFileSync(process.env.CERTIFICATE_PDF_OUT, bytes);
    const text = pdfText(bytes);
    for (const element of [
      'Chứng nhận phân tích',
      `Báo cáo số ${sample.idflNumber} - phiên bản 1`,
      'Khách hàng và mẫu thử',
      'Công ty Dệt may Đông Á — Nguyễn Thị Lan',
      'Ngày nhận mẫu',
      '2 tháng 3 2026',
      'Tình trạng khi nhận',
      'Hư hỏng: Túi rách một góc',
      'Phương pháp',
      'Tỷ lệ đồng vị',
      'Bộ dữ liệu tham chiếu',
      'Nguồn gốc dự đoán',
      'Nguồn gốc được khai (VN)',
      'phù hợp (xác suất',
      'Tỷ số khả dĩ',
      'mức hỗ trợ cực kỳ mạnh cho nguồn gốc được khai',
      'Hiệu chuẩn (Cllr)',
      'Quy tắc quyết định',
      'Kết quả chỉ liên quan đến mẫu thử',
      'Trang 1 / 1',
      'Ký thay mặt phòng thí nghiệm',
    ]) {
      expect(text, element).toContain(element);
    }
    for (const english of ['Certificate of Analysis', 'Date of receipt', 'Decision rules', 'Page 1 of 1']) {
      expect(text).not.toContain(english);
    }

    const sent = await t.request('POST', `/api/issue-certificate/send?id=${sample.id}&version=1`, { token: admin });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    // Issuing also told the client the result is certified (client portal); this is the certificate's own mail.
    const mails = await mailsTo('lan@example.com');
    const mail = mails.find((m) => m.subject.startsWith('Chứng nhận phân tích'));
    expect(mail!.subject).toBe(`Chứng nhận phân tích ${sample.idflNumber}, phiên bản 1`);
    expect(mails.every((m) => !/certified|Booking/.test(m.subject))).toBe(true);
    expect(mail!.text).toContain('Kính gửi Nguyễn Thị Lan,');
    expect(mail!.text).toContain('Chứng nhận còn hiệu lực.');
    expect(mail!.text).toContain(issued.body.data.url);
  }, 90_000);
});
