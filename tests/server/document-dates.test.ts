import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { formatInTimeZone } from '../../src/shared/display-date.ts';
import type { CertificateContent } from '../../src/shared/certificate.ts';
import { bookingSummaryLines } from '../../src/server/services/booking-confirmation.ts';
import { renderCertificatePdf } from '../../src/server/services/certificate-pdf.ts';

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
    const text = pdfText(await renderCertificatePdf(certificate, 'https://lab.example/verify/abc'));
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
});
