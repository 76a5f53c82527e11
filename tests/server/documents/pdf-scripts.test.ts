import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { booking, sampleEntry } from '../../../src/server/db/schema.ts';
import { embeddedFontNames } from '../support/pdf-fonts.ts';
import { sampleAt } from '../support/sample-journey.ts';
import { useTestApp, type TestApp } from '../support/test-app.ts';

// A name prints as it was written, in any script the fonts cover: a client in Chinese on an English
// or a Vietnamese certificate, on its custody record and on its labels. The CJK font goes only into
// the documents that print such a name; every other document keeps DejaVu alone.

const t = useTestApp();

const COMPANY = '新疆棉纺织有限公司';
const CONTACT = '王小明';
const VIETNAMESE_ADDRESS = 'Phường Bến Nghé, Quận 1, Hồ Chí Minh';

/** The text as a reader's viewer gives it back, spaces folded (lines break where the layout wraps). */
function pdfText(bytes: Uint8Array): string {
  const run = spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes });
  if (run.error) throw new Error(`pdftotext is needed (apt-get install poppler-utils): ${run.error.message}`);
  expect(run.status, run.stderr.toString()).toBe(0);
  return run.stdout.toString('utf8').normalize('NFC').replace(/\s+/g, ' ');
}

/** Issues the certificate of a sample booked by this company, in the booking's language; its PDF. */
async function certificateFor(app: TestApp, company: string, contact: string, language: 'en' | 'vi') {
  const admin = await app.signInAsAdmin();
  const sample = await sampleAt(app, admin, 'ResultReturned', { form: { sampleCode: 'LOT-88' } });
  const [row] = await app.database.db
    .insert(booking)
    .values({
      bookingNumber: `BK-2026-${90000 + sample.id}`,
      applicantContactPerson: contact,
      applicantCompany: company,
      telephone: '0901234567',
      email: 'buyer@example.com',
      address: VIETNAMESE_ADDRESS,
      cityStateCountry: 'Việt Nam',
      samplePreparedDate: '2026-03-01',
      language,
    })
    .returning();
  await app.database.db.update(sampleEntry).set({ bookingId: row!.id }).where(eq(sampleEntry.id, sample.id));
  const concluded = await app.request('PUT', `/api/supervisor-lab/conclusion-lab/update?id=${sample.id}`, {
    token: admin,
    body: {
      expectedConclusion: 'VN',
      conclusion: 'Phù hợp với nguồn gốc đã khai',
      originReason: 'Chưa có bộ dữ liệu tham chiếu cho vật liệu này',
      version: sample.version,
    },
  });
  expect(concluded.status, JSON.stringify(concluded.body)).toBe(200);
  const supervisor = await app.userWith(['CanConfirmFinalResult']);
  const confirmed = await app.request('PUT', `/api/supervisor-lab/confirm-final-result?id=${sample.id}`, {
    token: supervisor.token,
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  const issued = await app.request('PUT', `/api/issue-certificate?id=${sample.id}`, { token: supervisor.token });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  const file = await app.request('GET', `/api/issue-certificate/file?token=${issued.body.data.token}`, {
    token: admin,
  });
  expect(file.status).toBe(200);
  return { sample, admin, bytes: new Uint8Array(await file.raw.arrayBuffer()) };
}

describe('[PDF SCRIPTS] names print in the script they were written in', () => {
  it('prints a Chinese client on an English certificate, with the CJK font beside DejaVu', async () => {
    const { bytes, sample } = await certificateFor(t, COMPANY, CONTACT, 'en');
    const text = pdfText(bytes);
    expect(text).toContain(`${COMPANY} — ${CONTACT}`);
    expect(text).toContain('Certificate of Analysis');
    expect(text).toContain(VIETNAMESE_ADDRESS);
    expect(text).toContain('δ¹⁸O ‰ VSMOW');
    expect(text).toContain(`Page 1 of 1`);
    expect(text).toContain(sample.idflNumber);
    expect(text).not.toContain('?');
    expect(await embeddedFontNames(bytes)).toEqual([
      'DejaVuSans',
      'DejaVuSans-Bold',
      'NotoSansSC-Bold',
      'NotoSansSC-Regular',
    ]);
  });

  it('prints a Chinese client and every Vietnamese letter on a Vietnamese certificate', async () => {
    const { bytes } = await certificateFor(t, COMPANY, CONTACT, 'vi');
    const text = pdfText(bytes);
    for (const printed of [
      `${COMPANY} — ${CONTACT}`,
      'Chứng nhận phân tích',
      'Khách hàng',
      VIETNAMESE_ADDRESS,
      'Phù hợp với nguồn gốc đã khai',
    ]) {
      expect(text, printed).toContain(printed);
    }
    expect(text).not.toContain('?');
  });

  it('embeds no CJK font in a certificate without CJK text, and keeps it within a few kB of one', async () => {
    const plain = await certificateFor(t, 'Công ty Dệt may Đông Á', 'Nguyễn Thị Lan', 'vi');
    expect(await embeddedFontNames(plain.bytes)).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
    const chinese = await certificateFor(t, COMPANY, CONTACT, 'vi');
    // The CJK subset holds only the characters drawn: kilobytes, not the font's 10 MB.
    expect(chinese.bytes.length - plain.bytes.length).toBeGreaterThan(0);
    expect(chinese.bytes.length - plain.bytes.length).toBeLessThan(20_000);
  });

  it('prints the Chinese client on the custody record and a Chinese sample code on the label', async () => {
    const { sample, admin } = await certificateFor(t, COMPANY, CONTACT, 'en');
    const custody = await t.request('GET', `/api/sample-entries/${sample.id}/custody.pdf?lang=vi`, { token: admin });
    expect(custody.status).toBe(200);
    const custodyBytes = new Uint8Array(await custody.raw.arrayBuffer());
    expect(pdfText(custodyBytes)).toContain(COMPANY);
    expect(await embeddedFontNames(custodyBytes)).toContain('NotoSansSC-Regular');

    const coded = await sampleAt(t, admin, 'CsConfirmed', { form: { sampleCode: 'Mẫu 棉花-07' } });
    const label = await t.request('GET', `/api/labels/sample/${coded.id}`, { token: admin });
    expect(label.status).toBe(200);
    expect(pdfText(new Uint8Array(await label.raw.arrayBuffer()))).toContain('Mẫu 棉花-07');
  });
});
