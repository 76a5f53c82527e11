import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { sampleAt } from './support/sample-journey.ts';
import { useTestApp } from './support/test-app.ts';

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
    const sample = await sampleAt(t, admin, 'CsConfirmed', { form: { sampleCode: 'Mẫu 棉花' } });
    const label = await t.request('GET', `/api/labels/sample/${sample.id}`, { token: admin });
    expect(pdfText(new Uint8Array(await label.raw.arrayBuffer()))).toContain('Mẫu ??');
  });
});
