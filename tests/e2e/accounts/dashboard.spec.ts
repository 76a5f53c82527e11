import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { wallClockInTimeZone } from '../../../src/shared/display-date.ts';
import { defaultSummaryWindow, DEFAULT_WAITING_DAYS } from '../../../src/shared/statistics.ts';
import { sampleStatuses } from '../../../src/shared/workflow/sample-workflow.ts';
import { admin, roleUsers } from '../support/accounts.ts';
import { expect, signInThroughApi, test } from '../support/fixtures.ts';
import { authorised, seedSampleSentToTester } from '../support/sample-seeding.ts';
import { wordsOf } from '../support/words.ts';

const say = wordsOf('en');

// The dashboard and the two reports, in Chromium, against the real server and its figures.

type Summary = { samples: { byStage: Record<string, number>; received: number; open: number } };

test("[DASHBOARD] the administrator lands on the dashboard with the laboratory's real figures", async ({
  page,
  request,
  openSignedIn,
}) => {
  const session = await signInThroughApi(request, admin);
  const seeded = await seedSampleSentToTester(request, session, `DASH-${Date.now()}`);
  await openSignedIn(admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByTestId('stage-SentToTester-value')).not.toHaveText('0');

  const answer = await request.get('/api/statictis/statistic-summary', {
    headers: authorised(session),
    params: { ...defaultSummaryWindow('Asia/Ho_Chi_Minh'), waitingDays: DEFAULT_WAITING_DAYS },
  });
  const summary = ((await answer.json()) as { data: Summary }).data;
  expect(summary.samples.byStage.SentToTester).toBeGreaterThanOrEqual(1);
  for (const status of sampleStatuses) {
    await expect(page.getByTestId(`stage-${status}-value`)).toHaveText(String(summary.samples.byStage[status]));
  }
  await expect(page.getByTestId('figure-received-value')).toHaveText(String(summary.samples.received));
  await expect(page.getByTestId('figure-open-value')).toHaveText(String(summary.samples.open));
  // The booking chart and Analysis Trends draw with chart.js, loaded when first needed.
  await expect(page.getByRole('heading', { name: 'Bookings by status' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Analysis Trends' })).toBeVisible();
  await expect(page.getByTestId('turnaround-table')).toContainText('End to end');

  // A stage tile opens its list, already filtered by that stage.
  await page.getByTestId('stage-SentToTester').click();
  await expect(page).toHaveURL(/\/testers\?status=SentToTester$/);
  await expect(page.getByText(seeded.idflNumber)).toBeVisible();
});

test('[DASHBOARD] a user without CanViewDashboard sees none of its tiles', async ({ page, openSignedIn }) => {
  const statistics: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/statictis/')) statistics.push(r.url());
  });
  await openSignedIn(roleUsers.Shipping);
  await expect(page.getByTestId('screen-forbidden')).toContainText('Your role does not include “Dashboard”');
  await expect(page.getByTestId(/^stage-/)).toHaveCount(0);
  await expect(page.getByTestId(/^figure-/)).toHaveCount(0);
  expect(statistics).toEqual([]);
});

type Preview = {
  groups: { key: string | null; samples: number; initialWeight: number }[];
  total: { samples: number; initialWeight: number };
  rows: { idflNumber: string; status: string; source: string | null; receivedDate: string | null }[];
};

test('[REPORTS] both reports download; the XLSX holds the rows the API reports', async ({
  page,
  request,
  openSignedIn,
}) => {
  const session = await signInThroughApi(request, admin);
  await seedSampleSentToTester(request, session, `REPORT-${Date.now()}`);
  const headers = authorised(session);

  await openSignedIn(admin, '/report-by-source');
  await expect(page.getByRole('heading', { name: 'Sample By Source', level: 1 })).toBeVisible();
  const sourcePreview = (
    (await (await request.get('/api/report/sample-entry-source?format=json', { headers })).json()) as {
      data: Preview;
    }
  ).data;
  await expect(page.getByTestId('report-total-samples')).toHaveText(String(sourcePreview.total.samples));
  // The preview chart (chart.js, loaded on first use) is drawn.
  await expect(page.getByRole('img', { name: 'Samples' })).toBeVisible();

  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-xlsx').click()]);
  expect(xlsx.suggestedFilename()).toMatch(/^sample-entries-by-source-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await xlsx.path())!)) as unknown as ArrayBuffer);
  // The summary sheet: a line per source under the heading row 9 (below the line naming the time zone),
  // its samples per status, and a Total column.
  const bySource = workbook.getWorksheet('Summary')!;
  expect(bySource.getCell('A1').value).toBe('Sample entries by source');
  const heading = (bySource.getRow(9).values as unknown[]).slice(1);
  const totalColumn = heading.indexOf('Total') + 1;
  expect(heading).not.toContain('SentToTester');
  sourcePreview.groups.forEach((group, index) => {
    const row = bySource.getRow(index + 10);
    expect(row.getCell(1).value).toBe(group.key ?? '(none)');
    expect(row.getCell(totalColumn).value).toBe(group.samples);
  });
  expect(bySource.getRow(sourcePreview.groups.length + 10).getCell(totalColumn).value).toBe(
    sourcePreview.total.samples,
  );
  const samples = workbook.getWorksheet('Samples')!;
  expect(samples.rowCount).toBe(sourcePreview.total.samples + 2);
  sourcePreview.rows.forEach((row, index) => {
    const cells = samples.getRow(index + 2);
    expect(cells.getCell(1).value).toBe(row.idflNumber);
    expect(cells.getCell(5).value).toBe(say(`samples:status.${row.status}`));
    const received = cells.getCell(7).value;
    // A date cell holds the laboratory's wall clock (the server's default zone, Asia/Ho_Chi_Minh).
    const local = row.receivedDate
      ? wallClockInTimeZone(new Date(row.receivedDate), 'Asia/Ho_Chi_Minh').toISOString()
      : null;
    expect(received instanceof Date ? received.toISOString() : received).toBe(local);
  });

  await page.goto('/report-by-status');
  await expect(page.getByRole('heading', { name: 'Sample By Status', level: 1 })).toBeVisible();
  const statusPreview = (
    (await (await request.get('/api/report/sample-by-status?format=json', { headers })).json()) as {
      data: Preview;
    }
  ).data;
  await expect(page.getByTestId('report-total-samples')).toHaveText(String(statusPreview.total.samples));
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-csv').click()]);
  expect(csv.suggestedFilename()).toMatch(/^sample-entries-by-status-.+\.csv$/);
  // Title, period and filters; the counts per status; then the samples, each part after an empty line.
  const text = (await readFile((await csv.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const [, summaryPart = '', samplesPart = ''] = text.split('\r\n\r\n');
  const summary = Papa.parse<string[]>(summaryPart, { delimiter: ',', skipEmptyLines: true }).data;
  expect(summary[0]).toEqual(['Status', 'Samples', 'Median days in status', 'Initial weight (g)', 'Sent weight (g)']);
  expect(summary.slice(1, -1).map((line) => line[1])).toEqual(statusPreview.groups.map((g) => String(g.samples)));
  const parsed = Papa.parse<Record<string, string>>(samplesPart, { header: true, skipEmptyLines: true });
  expect(parsed.data).toHaveLength(statusPreview.total.samples);
  expect(parsed.data.map((r) => r['IDFL number']).slice(0, statusPreview.rows.length)).toEqual(
    statusPreview.rows.map((r) => r.idflNumber),
  );

  // The status filter, named by its visible label both before and after Radix's select arrives.
  const sentToTester = (
    (await (await request.get('/api/report/sample-by-status?format=json&status=SentToTester', { headers })).json()) as {
      data: Preview;
    }
  ).data;
  const status = page.getByRole('combobox', { name: 'Status' });
  await expect(status).toHaveText('All statuses');
  await status.click();
  await page.getByRole('option', { name: 'Sent to tester' }).click();
  await expect(status).toHaveText('Sent to tester');
  await expect(page.getByTestId('report-total-samples')).toHaveText(String(sentToTester.total.samples));
});
