import { spawnSync } from 'node:child_process';
import { eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { sampleEntry } from '../../../src/server/db/schema.ts';
import { CHECK_IN, RESULT, SAMPLE_FORM } from '../support/sample-journey.ts';
import { useTestApp, type TestApp } from '../support/test-app.ts';

// The chain of custody as a person and an auditor read it: the timeline names people by
// name and role, packages by code, files by name and countries by name, never by id; the custody
// PDF lists every hand-over with names, the audit chain's verdict and the record's hash; the CSV
// carries the same, its cells safe from spreadsheet formulae.

const t = useTestApp();

const png = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(512, 7),
]);

function pdfText(bytes: Uint8Array): string {
  const run = spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes });
  if (run.error) throw new Error(`pdftotext is needed (apt-get install poppler-utils): ${run.error.message}`);
  expect(run.status, run.stderr.toString()).toBe(0);
  return run.stdout.toString('utf8').normalize('NFC').replace(/\s+/g, ' ');
}

async function ok(res: { status: number; body: any }, what: string) {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body.data;
}

const versionOf = async (t: TestApp, id: number) =>
  (await t.database.db.select({ version: sampleEntry.version }).from(sampleEntry).where(eq(sampleEntry.id, id)))[0]!
    .version;

/** A sample walked from creation to its confirmed final result, each step by its own person. */
async function walkedSample(form: Record<string, unknown> = {}) {
  const cs = await t.userWith(
    [
      'CanCreateSampleEntryCs',
      'CanCheckInSampleEntryCs',
      'CanTransferSampleEntryToTester',
      'CanViewDetailSampleEntryCs',
    ],
    'lan',
  );
  const tester = await t.userWith(
    ['CanCheckInSampleEntryTester', 'CanUpdateSampleEntryTester', 'CanTransferSampleEntryToThirdLab', 'CanUploadFile'],
    'minh',
  );
  const shipping = await t.userWith(['CanCreateDispatchBatch', 'CanViewAllDispatchBatch'], 'hoa');
  const lab = await t.userWith(['CanCheckInThirdLab', 'CanUpdateResultThirdLab', 'CanReturnResultThirdLab'], 'quang');
  const supervisor = await t.userWith(
    ['CanUpdateSampleEntrySupervisor', 'CanConfirmFinalResult', 'CanViewDetailSampleEntrySupervisor'],
    'thu',
  );
  const id = (
    await ok(
      await t.request('POST', '/api/cs-lab/create', { token: cs.token, body: { ...SAMPLE_FORM, ...form } }),
      'create',
    )
  ).id as number;
  await ok(
    await t.request('PUT', `/api/cs-lab/check-in?id=${id}&entry=sample`, { token: cs.token, body: CHECK_IN }),
    'check in',
  );
  await ok(await t.request('PUT', `/api/cs-lab/transfer-to-tester?id=${id}`, { token: cs.token }), 'transfer');
  await ok(await t.request('PUT', `/api/tester-lab/check-in?id=${id}`, { token: tester.token }), 'tester check-in');
  const image = new FormData();
  image.append('files', new File([new Uint8Array(png)], 'sample front.png', { type: 'image/png' }));
  const [uploaded] = await ok(await t.request('POST', '/api/upload', { token: tester.token, form: image }), 'upload');
  await ok(
    await t.request('PUT', `/api/tester-lab/update-sample?id=${id}`, {
      token: tester.token,
      body: {
        countryCode: 'VN',
        identificationNotes: 'Robusta, screen 16',
        sentWeight: 20,
        smell: true,
        imageFileIds: [uploaded.id],
        version: await versionOf(t, id),
      },
    }),
    'tester update',
  );
  const batch = await ok(
    await t.request('POST', '/api/sample-dispatch-batch', {
      token: shipping.token,
      body: { packageName: 'Box 1', shippmentNumber: 'DHL-778', packageCode: 'PKG-CUSTODY-1' },
    }),
    'batch',
  );
  await ok(
    await t.request('POST', `/api/tester-lab/transfer-to-third-lab?id=${id}`, {
      token: tester.token,
      body: { packageCode: 'PKG-CUSTODY-1' },
    }),
    'add to package',
  );
  await ok(
    await t.request('POST', `/api/sample-dispatch-batch/transfer-to-third-lab?id=${batch.id}`, {
      token: shipping.token,
    }),
    'send',
  );
  await ok(await t.request('PUT', `/api/third-lab/check-in?id=${id}`, { token: lab.token }), 'lab check-in');
  await ok(
    await t.request('PUT', `/api/third-lab/update-result?id=${id}`, { token: lab.token, body: RESULT }),
    'result',
  );
  await ok(await t.request('PUT', `/api/third-lab/return-result?id=${id}`, { token: lab.token }), 'return');
  await ok(
    await t.request('PUT', `/api/supervisor-lab/conclusion-lab/update?id=${id}`, {
      token: supervisor.token,
      body: {
        expectedConclusion: 'Vietnam',
        conclusion: 'Consistent with Vietnam',
        originReason: 'Confirmed on the reference comparison agreed with the client; no model analysis requested.',
        consistentWithXinjiangOrigin: false,
        evaluationByRegionRatio: { 'Central Highlands': 85, 'Mekong Delta': 15 },
        version: await versionOf(t, id),
      },
    }),
    'conclusion',
  );
  await ok(
    await t.request('PUT', `/api/supervisor-lab/confirm-final-result?id=${id}`, { token: supervisor.token }),
    'confirm',
  );
  return { id, cs, tester, shipping, lab, supervisor, imageId: uploaded.id as string, batchId: batch.id as number };
}

describe('[CUSTODY RECORD] the timeline names people, packages, files and countries', () => {
  it('resolves every reference a reader cannot, in one query per kind', async () => {
    const walk = await walkedSample();
    const res = await t.request('GET', `/api/sample-entries/${walk.id}/timeline`, { token: walk.cs.token });
    expect(res.status).toBe(200);
    const events = res.body.data as any[];
    const byAction = Object.fromEntries(events.map((e) => [e.action, e]));

    // Who acted: the name as recorded and the role the account holds.
    expect(byAction.transferToTester.actor).toEqual({ name: 'Test lan', role: 'role-of-lan' });
    expect(byAction.updateResult.actor).toEqual({ name: 'Test quang', role: 'role-of-quang' });
    // A person a field names, by name and role.
    expect(byAction.transferToTester.changes.sentToTesterBy.to).toBe(walk.cs.id);
    expect(byAction.transferToTester.references.persons[String(walk.cs.id)]).toEqual({
      name: 'Test lan',
      role: 'role-of-lan',
    });
    expect(byAction.testerCheckIn.references.persons[String(walk.tester.id)].name).toBe('Test minh');
    expect(byAction.sendToThirdLab.references.persons[String(walk.shipping.id)].name).toBe('Test hoa');
    expect(byAction.confirmFinalResult.references.persons[String(walk.supervisor.id)].name).toBe('Test thu');
    // A package by its code, a file by its name and link, a country by its name.
    expect(byAction.addToDispatchBatch.references.packages).toEqual({
      [String(walk.batchId)]: { packageCode: 'PKG-CUSTODY-1' },
    });
    expect(byAction.testerUpdate.references.files[walk.imageId]).toEqual({
      name: 'sample front.png',
      url: `/api/files/${walk.imageId}`,
    });
    expect(byAction.testerUpdate.references.countries).toEqual({ VN: { name: 'Vietnam' } });
    // Each record carries only what it names, and its hash.
    expect(byAction.create.references.packages).toEqual({});
    for (const e of events) expect(e.hash).toMatch(/^[0-9a-f]{64}$/);
    // The supervisor's detail carries the same timeline.
    const detail = await t.request('GET', `/api/supervisor-lab/get-detail/${walk.id}`, {
      token: walk.supervisor.token,
    });
    expect(detail.body.data.timeline.at(-1).references.persons[String(walk.supervisor.id)].name).toBe('Test thu');
  });
});

describe('[CUSTODY RECORD] the custody record as a document', () => {
  it('prints every hand-over with names, the chain’s verdict and the record’s hash, page x of y (PDF)', async () => {
    const walk = await walkedSample();
    const timeline = (await t.request('GET', `/api/sample-entries/${walk.id}/timeline`, { token: walk.cs.token })).body
      .data as any[];
    const res = await t.request('GET', `/api/sample-entries/${walk.id}/custody.pdf?timeZone=Asia/Ho_Chi_Minh`, {
      token: walk.cs.token,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const text = pdfText(new Uint8Array(await res.raw.arrayBuffer()));
    const [idfl] = text.match(/IDFL-\d{4}-\d{5}/) ?? [];
    expect(idfl).toBeTruthy();
    for (const handOver of [
      'Transferred to tester',
      'Checked in (tester)',
      'Put in a package',
      'Sent to third lab',
      'Received by third lab',
      'Result returned',
      'Final result confirmed',
    ]) {
      expect(text, handOver).toContain(handOver);
    }
    for (const name of ['Test lan', 'Test minh', 'Test hoa', 'Test quang', 'Test thu'])
      expect(text, name).toContain(name);
    expect(text).toContain('Sent to tester by: — → Test lan');
    expect(text).toContain('Package: — → PKG-CUSTODY-1');
    expect(text).toContain('Sample images: — → sample front.png');
    expect(text).toContain('Country: — → Vietnam');
    expect(text).toContain('Identification: — → Robusta, screen 16');
    expect(text).toContain('Central Highlands 85 %');
    expect(text).toContain('Carbon (δ13C): — → -27.10 ‰');
    expect(text).toContain('Received date: — → 2 March 2026 16:00');
    expect(text).toMatch(/Audit chain verified: intact \(\d+ records checked\)/);
    expect(text).toContain(timeline.at(-1).hash);
    expect(text).toMatch(/Page 1 of \d+/);
    // No id where a person or a record belongs, no code name, no JSON.
    const ids = [walk.cs, walk.tester, walk.shipping, walk.lab, walk.supervisor].map((u) => u.id).concat(walk.batchId);
    const months = 'January|February|March|April|May|June|July|August|September|October|November|December';
    expect(text).not.toMatch(new RegExp(`→ (${ids.join('|')})(?!\\d| (${months}|g\\b|‰|%))`));
    expect(text).not.toContain(walk.imageId);
    expect(text).not.toMatch(/testerUpdate|addToDispatchBatch|updateResult|[[{]"/);
  });

  it('prints it in Vietnamese, every letter as written', async () => {
    const walk = await walkedSample();
    const res = await t.request('GET', `/api/sample-entries/${walk.id}/custody.pdf?lang=vi&timeZone=Asia/Ho_Chi_Minh`, {
      token: walk.supervisor.token,
    });
    expect(res.status).toBe(200);
    const text = pdfText(new Uint8Array(await res.raw.arrayBuffer()));
    expect(text).toContain('Chuỗi lưu giữ mẫu');
    expect(text).toContain('Chuyển kiểm nghiệm bởi: — → Test lan');
    expect(text).toContain('Ngày nhận: — → 2 tháng 3 2026 16:00');
    expect(text).toContain('Phù hợp với nguồn gốc Tân Cương: — → Không');
    expect(text).toMatch(/Đã kiểm tra chuỗi kiểm toán: nguyên vẹn/);
    expect(text).toMatch(/Trang 1 \/ \d+/);
  });

  it('names a broken chain in the document', async () => {
    const walk = await walkedSample();
    const db = t.database.db;
    await db.execute(sql`ALTER TABLE audit_record DISABLE TRIGGER audit_record_append_only`);
    try {
      await db.execute(sql`UPDATE audit_record SET reason = 'forged' WHERE id = (SELECT min(id) FROM audit_record)`);
    } finally {
      await db.execute(sql`ALTER TABLE audit_record ENABLE TRIGGER audit_record_append_only`);
    }
    const res = await t.request('GET', `/api/sample-entries/${walk.id}/custody.pdf`, { token: walk.cs.token });
    expect(pdfText(new Uint8Array(await res.raw.arrayBuffer()))).toMatch(/BROKEN at record \d+/);
  });

  it('writes the same record as CSV: one row per change, names not ids, formulae neutralised', async () => {
    // A value a spreadsheet would run as a formula.
    const walk = await walkedSample({ localCode: '=HYPERLINK("http://evil.test","x")' });
    const res = await t.request('GET', `/api/sample-entries/${walk.id}/custody.csv?lang=en`, { token: walk.cs.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const bytes = new Uint8Array(await res.raw.arrayBuffer());
    // A byte-order mark, so spreadsheets read the file as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = Papa.parse<string[]>(new TextDecoder().decode(bytes), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual([
      'Record',
      'When',
      'Time (UTC, ISO 8601)',
      'Who',
      'Role',
      'Action',
      'From status',
      'To status',
      'Field',
      'Old value',
      'New value',
      'Unit',
      'Reason',
      'Record hash (HMAC-SHA-256)',
    ]);
    const sentToTesterBy = rows.find((row) => row[8] === 'Sent to tester by');
    expect(sentToTesterBy?.slice(3, 11)).toEqual([
      'Test lan',
      'role-of-lan',
      'Transferred to tester',
      'CS confirmed',
      'Sent to tester',
      'Sent to tester by',
      '—',
      'Test lan',
    ]);
    expect(rows.find((row) => row[8] === 'Package')?.[10]).toBe('PKG-CUSTODY-1');
    expect(rows.some((row) => row[0]?.startsWith('Audit chain verified: intact'))).toBe(true);
    const formula = rows.find((row) => row[8] === 'Local code');
    expect(formula?.[10]?.startsWith("'=")).toBe(true);
    // A δ value is a plain number (negative included), its unit in a column of its own.
    expect(rows.find((row) => row[8] === 'Carbon (δ13C)')?.slice(9, 12)).toEqual(['', '-27.1', '‰']);
    // Read with ";" as the list separator (Vietnamese Excel) or ",", no part starts a formula.
    for (const part of rows.flat().flatMap((cell) => cell.split(/[;,]/))) {
      expect(/^\s*[=+\-@\t\r]/.test(part) && !/^\s*-?\d+(\.\d+)?\s*$/.test(part), part).toBe(false);
    }
    expect(sentToTesterBy?.[2]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    for (const row of rows.slice(1)) {
      expect(row.join(' ')).not.toMatch(/testerUpdate|addToDispatchBatch|updateResult|[[{]"/);
    }
  });

  it('keeps the record to those who may read the timeline', async () => {
    const walk = await walkedSample();
    const none = await t.userWith(['CanCreateSampleEntryCs']);
    for (const extension of ['pdf', 'csv']) {
      const path = `/api/sample-entries/${walk.id}/custody.${extension}`;
      expect((await t.request('GET', path, { token: none.token })).status).toBe(403);
      expect((await t.request('GET', path)).status).toBe(401);
      const bad = await t.request('GET', `${path}?lang=fr&timeZone=Mars/Base`, { token: walk.cs.token });
      expect(bad.status).toBe(400);
      expect(
        (await t.request('GET', `/api/sample-entries/9999/custody.${extension}`, { token: walk.cs.token })).status,
      ).toBe(404);
    }
  });
});
