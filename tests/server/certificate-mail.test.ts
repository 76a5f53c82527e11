import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecord, booking, sampleEntry } from '../../src/server/db/schema.ts';
import { sampleAt } from './support/sample-journey.ts';
import { startSmtpSink } from './support/smtp-sink.ts';
import { useTestApp } from './support/test-app.ts';
import { formatDisplayDate } from '../../src/shared/display-date.ts';

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
    // The issue day in the one date form (shared/display-date.ts), not an ISO date.
    expect(body).toContain(`was issued on ${formatDisplayDate(new Date().toISOString())}.`);
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
