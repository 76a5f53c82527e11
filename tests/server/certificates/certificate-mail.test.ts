import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecord, booking, sampleEntry } from '../../../src/server/db/schema.ts';
import { submitBooking } from '../support/bookings.ts';
import { clientSessionCookie } from '../support/client-sessions.ts';
import { pdfText } from '../support/pdf-text.ts';
import { sampleAt } from '../support/sample-journey.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { useTestApp } from '../support/test-app.ts';
import { formatDisplayDate } from '../../../src/shared/display-date.ts';
import { labToday } from '../support/lab-day.ts';

// Staff send a certificate to the client's report address: a real SMTP server on loopback receives it.
const { received, url } = await startSmtpSink();

const t = useTestApp({ SMTP_URL: url });

async function waitFor<T>(check: () => T | undefined, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('[CERTIFICATE] send to the client', () => {
  it("mails the verification address to the booking's report address, and records who sent it", async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'ResultConfirmed');
    const send = (version: number) =>
      t.request('POST', `/api/issue-certificate/send?id=${sample.id}&version=${version}`, { token: admin });

    const issued = (await t.request('PUT', `/api/issue-certificate?id=${sample.id}`, { token: admin })).body.data;
    // A sample entered by hand has no booking, so no address to send to.
    const noAddress = await send(1);
    expect(noAddress.status).toBe(409);
    expect(noAddress.body.code).toBe('noReportAddress');

    const [row] = await t.database.db
      .insert(booking)
      .values({
        bookingNumber: 'BK-2026-09998',
        applicantContactPerson: 'Nguyễn Thị Lan',
        applicantCompany: 'Công ty Dệt may Đông Á',
        telephone: '0901234567',
        email: 'lan@example.com',
        emailReportToEmail: 'reports@dongA.example',
        address: '1 Lê Lợi',
        cityStateCountry: 'Hồ Chí Minh, Việt Nam',
        samplePreparedDate: '2026-03-01',
      })
      .returning();
    await t.database.db.update(sampleEntry).set({ bookingId: row!.id }).where(eq(sampleEntry.id, sample.id));

    const sent = await send(1);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ version: 1, status: 'Valid', sentTo: 'reports@dongA.example' });
    await t.settled();
    const mail = await waitFor(() =>
      received.find((m) => m.to.includes('reports@donga.example') || m.to.includes('reports@dongA.example')),
    );
    // Quoted-printable folds long lines with a soft break ('=' at the end of a line).
    const body = mail.raw.replace(/=\r?\n/g, '');
    expect(body).toContain(issued.url);
    expect(body).toContain(sample.idflNumber);
    // The issue day in the one date form (shared/display-date.ts), the laboratory's day, not an ISO date.
    expect(body).toContain(`was issued on ${formatDisplayDate(labToday())}.`);
    const audit = await t.database.db.select().from(auditRecord).where(eq(auditRecord.action, 'sendCertificate'));
    expect(audit).toHaveLength(1);

    expect((await send(7)).status).toBe(404);
    const viewer = await t.userWith(['CanViewDetailSampleEntrySupervisor']);
    expect(
      (await t.request('POST', `/api/issue-certificate/send?id=${sample.id}&version=1`, { token: viewer.token }))
        .status,
    ).toBe(403);
  });
});

/** A received mail's text: quoted-printable soft breaks joined and its bytes read as UTF-8. */
function mailText(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? /^[0-9A-F]{2}/.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8').replace(/\s+/g, ' ');
}

describe('[CERTIFICATE] the client hears of an amendment and of a revocation', () => {
  it("mails the client in the booking's language, and My orders shows the reason", async () => {
    const admin = await t.signInAsAdmin();
    const address = 'hoa@revoked.example';
    const booked = await submitBooking(t, { email: address, language: 'vi', isAgreeRegistration: true });
    const sample = await sampleAt(t, admin, 'ResultConfirmed');
    await t.database.db.update(sampleEntry).set({ bookingId: booked.id }).where(eq(sampleEntry.id, sample.id));
    const mailsTo = () => received.filter((m) => m.to.includes(address)).map((m) => mailText(m.raw));

    expect((await t.request('PUT', `/api/issue-certificate?id=${sample.id}`, { token: admin })).status).toBe(200);
    const amended = await t.request('PUT', `/api/issue-certificate?id=${sample.id}&supersedes=1`, {
      token: admin,
      body: { reason: 'Tên khách hàng được sửa' },
    });
    expect(amended.status, JSON.stringify(amended.body)).toBe(200);
    await t.settled();
    const replaced = await waitFor(() => mailsTo().find((m) => m.includes('Tên khách hàng được sửa')));
    expect(replaced).toContain(`Phòng thí nghiệm đã cấp phiên bản 2 của chứng nhận mẫu ${sample.idflNumber}`);
    expect(replaced).toContain('thay thế phiên bản 1');

    const revoked = await t.request('PUT', `/api/issue-certificate/revoke?id=${sample.id}`, {
      token: admin,
      body: { reason: 'Kết quả thuộc về mẫu khác' },
    });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    await t.settled();
    const notice = await waitFor(() => mailsTo().find((m) => m.includes('Kết quả thuộc về mẫu khác')));
    expect(notice).toContain(`Phòng thí nghiệm đã thu hồi phiên bản 2 của chứng nhận mẫu ${sample.idflNumber}`);

    const cookie = await clientSessionCookie(t, address);
    const view = await t.request('GET', `/api/client/bookings/${booked.id}`, { headers: { cookie } });
    const [shown] = view.body.data.samples;
    expect(shown.certificateRevoked).toBe(true);
    expect(shown.certificates).toEqual([
      expect.objectContaining({
        version: 2,
        status: 'Revoked',
        revokeReason: 'Kết quả thuộc về mẫu khác',
        amendmentReason: 'Tên khách hàng được sửa',
      }),
      expect.objectContaining({ version: 1, status: 'Superseded', revokeReason: null }),
    ]);
    // The client's copy is marked, in the booking's language as well.
    const pdf = await t.request('GET', `/api/client/certificates/${shown.certificates[0].token}/file`, {
      headers: { cookie },
    });
    const text = pdfText(new Uint8Array(await pdf.raw.arrayBuffer()));
    expect(text).toContain('REVOKED');
    expect(text).toContain('ĐÃ THU HỒI');
  });
});
