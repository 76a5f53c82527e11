import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { booking, sampleEntry } from '../../../src/server/db/schema.ts';
import { importCottonReferences, saveOriginAnalysis } from '../support/origin-analysis.ts';
import { embeddedFontNames } from '../support/pdf-fonts.ts';
import { readQrCodes } from '../support/pdf-qr.ts';
import { RESULT, sampleAt } from '../support/sample-journey.ts';
import { useTestApp } from '../support/test-app.ts';

// A certificate of analysis and a sample label must print exactly what was recorded. The text is
// read back out of the PDF with poppler's pdftotext (as a reader's viewer or a search would) and
// compared with the record, Vietnamese diacritics included.

const t = useTestApp();

const CLIENT = 'Công ty Dệt may Đông Á, Nguyễn Thị Hồng';
const SAMPLE_TYPE = 'Bông xơ chải kỹ';
const SAMPLE_CODE = 'Lô-Ấp-Bắc-07';
const CONCLUSION = 'Kết luận: phù hợp với nguồn gốc Việt Nam';

function pdfText(bytes: Uint8Array): string {
  const run = spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes });
  if (run.error) throw new Error(`pdftotext is needed (apt-get install poppler-utils): ${run.error.message}`);
  expect(run.status, run.stderr.toString()).toBe(0);
  // Lines may break anywhere the layout wraps them: compare word by word.
  return run.stdout.toString('utf8').normalize('NFC').replace(/\s+/g, ' ');
}

describe('[PDF TEXT] what was recorded is what is printed', () => {
  it('prints the certificate of analysis with every Vietnamese letter of the record', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'ResultReturned', {
      form: { fromClientInfo: CLIENT, sampleType: SAMPLE_TYPE, sampleCode: SAMPLE_CODE },
    });
    const concluded = await t.request('PUT', `/api/supervisor-lab/conclusion-lab/update?id=${sample.id}`, {
      token: admin,
      body: {
        expectedConclusion: 'Việt Nam',
        conclusion: CONCLUSION,
        originReason: 'Chưa có bộ dữ liệu tham chiếu cho vật liệu này',
        version: sample.version,
      },
    });
    expect(concluded.status, JSON.stringify(concluded.body)).toBe(200);
    const supervisor = await t.userWith(['CanConfirmFinalResult']);
    expect(
      (await t.request('PUT', `/api/supervisor-lab/confirm-final-result?id=${sample.id}`, { token: supervisor.token }))
        .status,
    ).toBe(200);
    const issued = await t.request('PUT', `/api/issue-certificate?id=${sample.id}`, { token: supervisor.token });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const file = await t.request('GET', `/api/issue-certificate/file?token=${issued.body.data.token}`, {
      token: admin,
    });
    expect(file.status).toBe(200);
    const text = pdfText(new Uint8Array(await file.raw.arrayBuffer()));
    for (const recorded of [CLIENT, SAMPLE_TYPE, SAMPLE_CODE, CONCLUSION, sample.idflNumber]) {
      expect(text, recorded).toContain(recorded);
    }
  });

  it('prints each value with the uncertainty the third lab gave, and says what the uncertainty is', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'ResultConfirmed', {
      result: { ...RESULT, carbonUncertainty: 0.15, oxygenUncertainty: 0.3 },
    });
    const issued = await t.request('PUT', `/api/issue-certificate?id=${sample.id}`, { token: admin });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const file = await t.request('GET', `/api/issue-certificate/file?token=${issued.body.data.token}`, {
      token: admin,
    });
    const text = pdfText(new Uint8Array(await file.raw.arrayBuffer()));
    // pdftotext reads the labels' column before the values' one.
    expect(text).toContain('Results δ¹³C ‰ VPDB δ²H ‰ VSMOW δ¹⁸O ‰ VSMOW Uncertainty');
    // Hydrogen came without one: printed as before.
    expect(text).toContain('-27.10 ± 0.15 ‰ -65.40 ‰ 24.20 ± 0.30 ‰');
    expect(text).toContain('± is the expanded uncertainty of measurement as reported by the measuring laboratory.');
    // The public verification page states the same uncertainties.
    const check = await t.request('GET', `/api/issue-certificate?token=${issued.body.data.token}`);
    expect(check.body.data.results).toMatchObject({
      carbonUncertainty: 0.15,
      hydrogenUncertainty: null,
      oxygenUncertainty: 0.3,
    });
  });

  it('prints every element ISO/IEC 17025 §7.8 asks of the report, with the saved analysis verdict', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'ResultReturned', {
      form: { sampleCode: 'LOT-77', sampleInformation: 'Raw cotton lint, 2 bales' },
    });
    const [row] = await t.database.db
      .insert(booking)
      .values({
        bookingNumber: 'BK-2026-09997',
        applicantContactPerson: 'Nguyễn Thị Lan',
        applicantCompany: 'Công ty Dệt may Đông Á',
        telephone: '0901234567',
        email: 'lan@example.com',
        address: '1 Lê Lợi',
        cityStateCountry: 'Hồ Chí Minh, Việt Nam',
        samplePreparedDate: '2026-03-01',
      })
      .returning();
    await t.database.db.update(sampleEntry).set({ bookingId: row!.id }).where(eq(sampleEntry.id, sample.id));
    await importCottonReferences(t, admin);
    const { version } = await saveOriginAnalysis(t, admin, sample);
    const concluded = await t.request('PUT', `/api/supervisor-lab/conclusion-lab/update?id=${sample.id}`, {
      token: admin,
      body: { expectedConclusion: 'VN', conclusion: 'Consistent with the claimed origin', version },
    });
    expect(concluded.status, JSON.stringify(concluded.body)).toBe(200);
    const supervisor = await t.userWith(['CanConfirmFinalResult']);
    const confirmed = await t.request('PUT', `/api/supervisor-lab/confirm-final-result?id=${sample.id}`, {
      token: supervisor.token,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect((await t.request('PUT', `/api/issue-certificate?id=${sample.id}`, { token: supervisor.token })).status).toBe(
      200,
    );
    const issued = await t.request('PUT', `/api/issue-certificate?id=${sample.id}&supersedes=1`, {
      token: supervisor.token,
      body: { reason: 'Client address corrected' },
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const file = await t.request('GET', `/api/issue-certificate/file?token=${issued.body.data.token}`, {
      token: admin,
    });
    const bytes = new Uint8Array(await file.raw.arrayBuffer());
    const text = pdfText(bytes);
    for (const element of [
      'Isotope Lab',
      '12 Nguyen Hue, District 1, Ho Chi Minh City, Vietnam',
      `Report No. ${sample.idflNumber} - version 2 - supersedes version 1`,
      // The amendment is identified with its reason (ISO/IEC 17025 §7.8.8).
      'Amends version 1: Client address corrected',
      'Công ty Dệt may Đông Á — Nguyễn Thị Lan',
      '1 Lê Lợi, Hồ Chí Minh, Việt Nam',
      'LOT-77, Raw cotton lint, 2 bales',
      'Cotton',
      'Date of receipt',
      '2 March 2026',
      'Date of measurement',
      'Date of issue',
      // The laboratory is stored by its role's name (hoanVuLab) and named by the role's label.
      'Stable-isotope ratio measurement by the external laboratory Hoan Vu Laboratory,',
      'Isotope Lab origin model, version',
      'reference records of 3 regions',
      'Accuracy',
      'log loss',
      'δ¹³C ‰ VPDB',
      'δ²H ‰ VSMOW',
      'δ¹⁸O ‰ VSMOW',
      '-27.10 ‰',
      '-65.40 ‰',
      '24.20 ‰',
      'Predicted origin',
      'VN (probability',
      'Claimed origin (VN)',
      'consistent (probability',
      'Xinjiang origin',
      'inconsistent (probability',
      'Decision rules',
      "Consistent: the region's probability is at least 50.0 %",
      'The results relate only to the item tested',
      'Page 1 of 1',
      'Signed for the laboratory by',
    ]) {
      expect(text, element).toContain(element);
    }
    expect(text).not.toContain('d13C');
    // No uncertainty was reported: none is printed, nor the line that explains one.
    expect(text).not.toContain('±');
    expect(await readQrCodes(bytes)).toEqual([issued.body.data.url]);
    // The public page states the same verdict.
    const check = await t.request('GET', `/api/issue-certificate?token=${issued.body.data.token}`);
    expect(check.body.data.origin).toMatchObject({ prediction: 'VN', claimed: { verdict: 'consistent' } });
  });

  it('states the claim as the client made it, and no verdict on a region the reference set has no records of', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'ResultReturned');
    // A reference set of Vietnam and Thailand only: nothing of Xinjiang.
    await importCottonReferences(t, admin, 'Raw silk', { withXinjiang: false });
    const { analysis, version } = await saveOriginAnalysis(t, admin, sample, {
      material: 'Raw silk',
      claimedOrigin: 'Vietnam',
    });
    expect(analysis.result.consistency.claimed).toMatchObject({ region: 'VN', claim: 'Vietnam', isKnownRegion: true });
    const concluded = await t.request('PUT', `/api/supervisor-lab/conclusion-lab/update?id=${sample.id}`, {
      token: admin,
      body: { expectedConclusion: 'VN', conclusion: 'Consistent with the claimed origin', version },
    });
    expect(concluded.status, JSON.stringify(concluded.body)).toBe(200);
    expect(
      (await t.request('PUT', `/api/supervisor-lab/confirm-final-result?id=${sample.id}`, { token: admin })).status,
    ).toBe(200);
    const issued = await t.request('PUT', `/api/issue-certificate?id=${sample.id}`, { token: admin });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const file = await t.request('GET', `/api/issue-certificate/file?token=${issued.body.data.token}`, {
      token: admin,
    });
    const text = pdfText(new Uint8Array(await file.raw.arrayBuffer()));
    // pdftotext reads the labels' column before the values' one.
    expect(text).toContain('Claimed origin (Vietnam)');
    expect(text).toContain('consistent (probability');
    expect(text).toContain('not assessed: no reference records');
    // "Inconclusive" would read as "Xinjiang cannot be excluded".
    expect(text).not.toContain('inconclusive (probability');
  });

  it('prints the sample label with the sample code as recorded', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'CsConfirmed', { form: { sampleCode: SAMPLE_CODE } });
    const label = await t.request('GET', `/api/labels/sample/${sample.id}`, { token: admin });
    expect(label.status).toBe(200);
    const text = pdfText(new Uint8Array(await label.raw.arrayBuffer()));
    expect(text).toContain(SAMPLE_CODE);
    expect(text).toContain(sample.idflNumber);
  });

  it('marks a character the font cannot print instead of dropping it silently', async () => {
    const admin = await t.signInAsAdmin();
    // Thai: neither DejaVu nor the CJK font has it (Chinese prints, pdf-scripts.test.ts).
    const sample = await sampleAt(t, admin, 'CsConfirmed', { form: { sampleCode: 'Mẫu กข' } });
    const label = await t.request('GET', `/api/labels/sample/${sample.id}`, { token: admin });
    const bytes = new Uint8Array(await label.raw.arrayBuffer());
    expect(pdfText(bytes)).toContain('Mẫu ??');
    // Nor is the CJK font embedded for characters it cannot draw either.
    expect(await embeddedFontNames(bytes)).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
  });
});
