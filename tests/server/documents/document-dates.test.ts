import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { describeTimeZone, formatInTimeZone } from '../../../src/shared/display-date.ts';
import { endOfLabDay, startOfLabDay } from '../../../src/server/lab-time.ts';
import type { CertificateContent } from '../../../src/shared/certificate.ts';
import { bookingSummaryLines } from '../../../src/server/services/bookings/booking-confirmation.ts';
import { renderCertificatePdf } from '../../../src/server/services/certificates/certificate-pdf.ts';
import { sampleEntry } from '../../../src/server/db/schema.ts';
import { useTestApp } from '../support/test-app.ts';

// What the server writes for people to read (mails, PDFs, files) dates as the screens do: through
// shared/display-date.ts, `D MMMM YYYY` (with HH:mm for a moment), never an ISO or numeric date.
// The report files are read back in reports.test.ts, the certificate mail in certificate-mail.test.ts,
// the custody record in custody-record.test.ts.

/** Any date form other than the one format. */
const OTHER_DATE_FORMS = [
  /\b\d{4}-\d{2}-\d{2}\b/, // ISO
  /\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b/, // 11/27/2026, 27.11.2026
  /\b\d{1,2}:\d{2}(:\d{2})?\s?[AP]M\b/i, // 11:17 PM
  /\b(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}/, // November 21, 2026
];

const t = useTestApp();

const expectOnlyTheOneForm = (text: string) => {
  for (const form of OTHER_DATE_FORMS) expect(text, `${form}`).not.toMatch(form);
};

function pdfText(bytes: Uint8Array): string {
  const run = spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes });
  if (run.error) throw new Error(`pdftotext is needed (apt-get install poppler-utils): ${run.error.message}`);
  expect(run.status, run.stderr.toString()).toBe(0);
  return run.stdout.toString('utf8').normalize('NFC').replace(/\s+/g, ' ');
}

const certificate: CertificateContent = {
  laboratoryName: 'Isotope Lab',
  client: 'Công ty Dệt may Đông Á',
  company: null,
  sampleType: 'Cotton',
  idflNumber: 'IDFL-2026-0042',
  sampleCode: null,
  results: { carbon: -25.1, hydrogen: -60.2, oxygen: 20.3 },
  conclusion: 'Consistent with the claimed origin',
  predictedOrigin: null,
  issuedAt: '2026-11-27T23:17:11.000Z',
  signatory: 'Pham Dang',
  version: 1,
  receivedDate: '2026-11-02T08:30:00.000Z',
  measuredDate: '2026-11-20',
};

describe('[DATES] documents date as the screens do', () => {
  it('dates the certificate of analysis in the one form', async () => {
    const text = pdfText(await renderCertificatePdf(certificate, 'https://lab.example/verify/abc', 'UTC'));
    expect(text).toContain('issued 27 November 2026');
    // The labels' column, then the values' one: receipt, measurement, issue.
    expect(text).toContain('2 November 2026 20 November 2026 27 November 2026');
    expectOnlyTheOneForm(text);
  });

  it("writes the booking confirmation's prepared day in the one form", () => {
    const lines = bookingSummaryLines({
      samplePreparedDate: '2026-11-21',
      sampleTypes: [],
      rushService: false,
      returnSample: false,
    } as unknown as Parameters<typeof bookingSummaryLines>[0]);
    expect(lines).toContain('Sample prepared on: 21 November 2026');
    expectOnlyTheOneForm(lines.join('\n'));
  });

  it('reads a moment in the time zone asked for, with Vietnamese month words', () => {
    expect(formatInTimeZone('2026-11-27T23:17:11.000Z', 'vi', 'Asia/Ho_Chi_Minh')).toBe('28 tháng 11 2026 06:17');
    expect(formatInTimeZone('2026-11-27T23:17:11.000Z', 'en', 'UTC')).toBe('27 November 2026 23:17');
  });

  it("prints the certificate's days as the laboratory's: 20:30 UTC is the next day in Ho Chi Minh City", async () => {
    const late = {
      ...certificate,
      issuedAt: '2026-12-01T20:30:00.000Z',
      receivedDate: '2026-12-01T17:00:00.000Z',
      measuredDate: '2026-12-01T16:59:00.000Z',
    };
    const lab = pdfText(await renderCertificatePdf(late, 'https://lab.example/verify/abc', 'Asia/Ho_Chi_Minh'));
    expect(lab).toContain('issued 2 December 2026');
    // Receipt at 17:00 UTC (midnight there), measurement a minute before (still 1 December), issue.
    expect(lab).toContain('2 December 2026 1 December 2026 2 December 2026');
    // The setting, not a constant: in New York the same moments are all 1 December.
    const newYork = pdfText(await renderCertificatePdf(late, 'https://lab.example/verify/abc', 'America/New_York'));
    expect(newYork).toContain('issued 1 December 2026');
    expect(newYork).toContain('1 December 2026 1 December 2026 1 December 2026');
    // A calendar date (a day someone typed) stays that day in every zone.
    const typed = { ...late, measuredDate: '2026-11-20' };
    expect(pdfText(await renderCertificatePdf(typed, 'https://lab.example/x', 'America/New_York'))).toContain(
      '20 November 2026',
    );
  });

  it('turns a laboratory day into its moments, and names the zone as the files do', () => {
    expect(startOfLabDay('2026-12-02', 'Asia/Ho_Chi_Minh').toISOString()).toBe('2026-12-01T17:00:00.000Z');
    expect(endOfLabDay('2026-12-02', 'Asia/Ho_Chi_Minh').toISOString()).toBe('2026-12-02T17:00:00.000Z');
    expect(startOfLabDay('2026-12-02', 'America/New_York').toISOString()).toBe('2026-12-02T05:00:00.000Z');
    // The day the clocks go forward in New York is 23 hours long.
    expect(endOfLabDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(describeTimeZone('Asia/Ho_Chi_Minh')).toBe('Asia/Ho_Chi_Minh, UTC+07:00');
    expect(formatInTimeZone('2026-12-01T16:59:00.000Z', 'en', 'Asia/Ho_Chi_Minh')).toBe('1 December 2026 23:59');
    expect(formatInTimeZone('2026-12-01T17:00:00.000Z', 'en', 'Asia/Ho_Chi_Minh')).toBe('2 December 2026 00:00');
  });
});

describe("[DATES] a filtered day is the laboratory's day", () => {
  it('finds a sample received at 20:30 UTC on the next day in Ho Chi Minh City, not on the UTC day', async () => {
    // 20:30 UTC on 1 December is 03:30 on 2 December at the laboratory (LAB_TIME_ZONE's default).
    await t.database.db.insert(sampleEntry).values({
      idflNumber: 'IDFL-2026-0900',
      sampleCode: 'SC-900',
      sampleType: 'Cotton',
      source: 'Client',
      status: 'CsConfirmed',
      receivedBy: 'Lan Nguyen',
      receivedDate: new Date('2026-12-01T20:30:00.000Z'),
    });
    const admin = await t.signInAsAdmin();
    const onDay = async (day: string) => {
      const res = await t.request(
        'GET',
        `/api/report/sample-entry-source?receivedFromDate=${day}&receivedToDate=${day}&format=json`,
        { token: admin },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.rows.map((row: { idflNumber: string }) => row.idflNumber);
    };
    expect(await onDay('2026-12-02')).toEqual(['IDFL-2026-0900']);
    expect(await onDay('2026-12-01')).toEqual([]);
  });
});
