import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { admin, roleUsers } from '../support/accounts.ts';
import { expect, seedSession, signInThroughApi, test, type StoredLogin } from '../support/fixtures.ts';
import { authorised, seedSampleTesterConfirmed } from '../support/sample-seeding.ts';
import { wordsOf } from '../support/words.ts';

// A sample walked from its creation to its confirmed final result, each step by the role
// that owns it, and its chain of custody read on the sample page and on the printed report detail
// in English and Vietnamese: names not ids, the laboratory's words not code names, no JSON, every
// edited field; the custody PDF lists every hand-over with names.

type Walked = { id: number; idflNumber: string };

async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string) {
  expect(response.status(), `${what}: ${await response.text()}`).toBeLessThan(300);
  return ((await response.json()) as { data: any }).data;
}

async function walkToFinalResult(request: APIRequestContext): Promise<Walked> {
  const as = async (account: (typeof roleUsers)[keyof typeof roleUsers]) =>
    authorised(await signInThroughApi(request, account));
  const [cs, tester, shipping, lab, supervisor] = await Promise.all([
    signInThroughApi(request, roleUsers.CustomerService),
    as(roleUsers.Tester),
    as(roleUsers.Shipping),
    as(roleUsers.hoanVuLab),
    as(roleUsers.Supervisor),
  ]);
  const testerLogin: StoredLogin = await signInThroughApi(request, roleUsers.Tester);
  const code = `CUSTODY-${Date.now()}`;
  const sample = await seedSampleTesterConfirmed(request, cs, testerLogin, code);
  const id = sample.id;
  const edited = await ok(
    await request.put(`/api/tester-lab/update-sample?id=${id}`, {
      headers: tester,
      data: { identificationNotes: 'Robusta, screen 16', sentWeight: 2.5, smell: true, version: sample.version },
    }),
    'tester update',
  );
  expect(edited.identificationNotes).toBe('Robusta, screen 16');
  const batch = await ok(
    await request.post('/api/sample-dispatch-batch', {
      headers: shipping,
      data: { packageName: 'Custody box', shippmentNumber: `DHL-${code}` },
    }),
    'package',
  );
  await ok(
    await request.post(`/api/tester-lab/transfer-to-third-lab?id=${id}`, {
      headers: tester,
      data: { packageCode: batch.packageCode },
    }),
    'into the package',
  );
  await ok(
    await request.post(`/api/sample-dispatch-batch/transfer-to-third-lab?id=${batch.id}`, { headers: shipping }),
    'send',
  );
  await ok(await request.put(`/api/third-lab/check-in?id=${id}`, { headers: lab }), 'third lab check-in');
  await ok(
    await request.put(`/api/third-lab/update-result?id=${id}`, {
      headers: lab,
      data: { carbon: -27.1, hydrogen: -65.4, oxygen: 24.2 },
    }),
    'result',
  );
  await ok(await request.put(`/api/third-lab/return-result?id=${id}`, { headers: lab }), 'return');
  const current = await ok(await request.get(`/api/supervisor-lab/get-detail/${id}`, { headers: supervisor }), 'read');
  await ok(
    await request.put(`/api/supervisor-lab/conclusion-lab/update?id=${id}`, {
      headers: supervisor,
      data: {
        expectedConclusion: 'Vietnam',
        conclusion: 'Consistent with Vietnam',
        originReason: 'Confirmed on the reference comparison agreed with the client.',
        consistentWithXinjiangOrigin: false,
        evaluationByRegionRatio: { 'Central Highlands': 85 },
        version: current.version,
      },
    }),
    'conclusion',
  );
  await ok(await request.put(`/api/supervisor-lab/confirm-final-result?id=${id}`, { headers: supervisor }), 'confirm');
  return { id, idflNumber: sample.idflNumber };
}

const CODE_NAMES = [
  'testerUpdate',
  'addToDispatchBatch',
  'updateResult',
  'updateConclusion',
  'identificationNotes',
  'evaluationByRegionRatio',
  'consistentWithXinjiangOrigin',
  'sentToTesterBy',
  'dispatchBatchId',
  'Created from booking',
];

async function expectReadableLog(page: Page) {
  const log = page.getByTestId('custody-timeline');
  await expect(log).toBeVisible();
  // Unfold every long record: every change is there to read.
  for (const more of await log.getByRole('button', { expanded: false }).all()) await more.click();
  const text = (await log.innerText()).replace(/\s+/g, ' ');
  for (const code of CODE_NAMES) expect(text, code).not.toContain(code);
  expect(text).not.toMatch(/[[{]"|"[\]}]|\btrue\b|\bfalse\b/);
  for (const name of ['Cam Service', 'Tien Tester', 'Son Shipping', 'Hoan Vu Lab', 'Sang Supervisor']) {
    expect(text, name).toContain(name);
  }
  expect(text).toContain('Robusta, screen 16');
  expect(text).toContain('Central Highlands 85 %');
  expect(text).toContain('-27.10 ‰');
  return text;
}

for (const language of ['en', 'vi'] as const) {
  test(`[CUSTODY LOG] a sample's chain of custody reads as a laboratory log (${language})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const say = wordsOf(language);
    const sample = await walkToFinalResult(request);
    await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
    await seedSession(page, await signInThroughApi(request, admin));

    // The sample page of the client-side lab.
    await page.goto(`/clients/${sample.id}`);
    const text = await expectReadableLog(page);
    expect(text).toContain(`${say('custody:field.identificationNotes')}: — → Robusta, screen 16`);
    expect(text).toContain(`${say('custody:field.sentToTesterBy')}: — → Cam Service`);
    expect(text).toContain(say('custody:action.addToDispatchBatch'));

    // The custody record as a document, from the sample page.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: say('custody:download.pdf') }).click();
    const file = await (await download).path();
    const run = spawnSync('pdftotext', ['-enc', 'UTF-8', file, '-']);
    expect(run.status, run.stderr.toString()).toBe(0);
    const pdf = run.stdout.toString('utf8').normalize('NFC').replace(/\s+/g, ' ');
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    for (const handOver of ['transferToTester', 'testerCheckIn', 'sendToThirdLab', 'thirdLabCheckIn', 'returnResult']) {
      expect(pdf, handOver).toContain(say(`custody:action.${handOver}`));
    }
    for (const name of ['Cam Service', 'Tien Tester', 'Son Shipping', 'Hoan Vu Lab', 'Sang Supervisor']) {
      expect(pdf, name).toContain(name);
    }
    expect(pdf).toContain(sample.idflNumber);

    // The printed report detail reads the same log.
    await page.goto(`/supervisor-samples/report-detail/${sample.id}`);
    await expectReadableLog(page);
  });
}
