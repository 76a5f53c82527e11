import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { booking, sampleEntry } from '../../../src/server/db/schema.ts';
import { reportRows } from '../../../src/server/services/reports/report-rows.ts';
import { bookingForm, submitBooking } from '../support/bookings.ts';
import { useTestApp, type TestResponse } from '../support/test-app.ts';

// The two sample-entry reports: figures grouped by the database, files a spreadsheet opens, and
// the same rows in the preview, the XLSX and the CSV.

const t = useTestApp();
const DAY = 86_400_000;

async function seedSamples() {
  const [order] = await t.database.db
    .insert(booking)
    .values({
      bookingNumber: 'BK-2026-0001',
      applicantContactPerson: 'Lan',
      applicantCompany: 'Acme',
      telephone: '0901',
      email: 'lan@acme.test',
      address: '1 Road',
      cityStateCountry: 'HCMC',
      samplePreparedDate: '2026-03-01',
      rushService: true,
    })
    .returning();
  const rows = [
    {
      source: 'Client',
      status: 'CsConfirmed',
      receivedBy: 'Lan Nguyen',
      receivedDate: '2026-03-02T09:00:00Z',
      initialWeight: 100,
      sentWeight: 20,
      daysInStatus: 2,
    },
    {
      source: 'Client',
      status: 'SentToThirdLab',
      receivedBy: 'Lan Nguyen',
      receivedDate: '2026-03-05T09:00:00Z',
      initialWeight: 50.5,
      sentWeight: 10,
      daysInStatus: 10,
    },
    {
      source: 'Retailer',
      status: 'CsConfirmed',
      receivedBy: 'Minh Tran',
      receivedDate: '2026-03-06T09:00:00Z',
      initialWeight: 80,
      sentWeight: null,
      daysInStatus: 4,
    },
    {
      source: 'Factory',
      status: 'Completed',
      receivedBy: 'Lan Nguyen',
      receivedDate: '2026-04-01T09:00:00Z',
      initialWeight: 10,
      sentWeight: 5,
      daysInStatus: 1,
    },
    {
      source: '=HYPERLINK("x")',
      status: 'New',
      receivedBy: null,
      receivedDate: null,
      initialWeight: null,
      sentWeight: null,
      daysInStatus: 0,
    },
  ];
  let n = 0;
  for (const { daysInStatus, ...row } of rows) {
    n += 1;
    await t.database.db.insert(sampleEntry).values({
      idflNumber: `IDFL-2026-000${n}`,
      sampleCode: `SC-${n}`,
      sampleType: 'Cotton',
      bookingId: n === 1 ? order!.id : null,
      ...row,
      receivedDate: row.receivedDate ? new Date(row.receivedDate) : null,
      remainingWeight: row.initialWeight == null ? null : row.initialWeight - (row.sentWeight ?? 0),
      // When the sample entered the status it is in (the database keeps it; see reportGroupsQuery).
      statusChangedAt: new Date(Date.now() - daysInStatus * DAY),
    });
  }
}

async function bytesOf(res: TestResponse) {
  return Buffer.from(await res.raw.arrayBuffer());
}

async function workbookOf(res: TestResponse) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await bytesOf(res)) as unknown as ArrayBuffer);
  return workbook;
}

/** A CSV report's parts: the lines above the first empty line (title, period, filters), the summary table, the samples table. */
function csvParts(text: string) {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [preface = '', summary = '', samples = ''] = text.slice(1).split('\r\n\r\n');
  const parse = (part: string) => {
    const parsed = Papa.parse<string[]>(part, { delimiter: ',', skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    return parsed.data;
  };
  return { preface: parse(preface), summary: parse(summary), samples: parse(samples) };
}

const rowValues = (sheet: ExcelJS.Worksheet, row: number) => (sheet.getRow(row).values as unknown[]).slice(1);

describe('[REPORTS] sample entries by source', () => {
  it('counts per source × status with totals, and the XLSX holds the same rows as the preview', async () => {
    await seedSamples();
    const admin = await t.signInAsAdmin();
    const query = 'receivedFromDate=2026-03-01&receivedToDate=2026-03-31';
    const preview = await t.request('GET', `/api/report/sample-entry-source?${query}&format=json`, { token: admin });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data.groups).toEqual([
      {
        key: 'Client',
        samples: 2,
        initialWeight: 150.5,
        sentWeight: 30,
        byStatus: [
          { status: 'CsConfirmed', samples: 1 },
          { status: 'SentToThirdLab', samples: 1 },
        ],
      },
      {
        key: 'Retailer',
        samples: 1,
        initialWeight: 80,
        sentWeight: 0,
        byStatus: [{ status: 'CsConfirmed', samples: 1 }],
      },
    ]);
    expect(preview.body.data.total).toEqual({ samples: 3, initialWeight: 230.5, sentWeight: 30 });
    expect(preview.body.data.rows.map((r: { idflNumber: string }) => r.idflNumber)).toEqual([
      'IDFL-2026-0001',
      'IDFL-2026-0002',
      'IDFL-2026-0003',
    ]);
    expect(preview.body.data.rows[0].bookingNumber).toBe('BK-2026-0001');
    // A rush booking's samples are marked, in the preview and in both files.
    expect(preview.body.data.rows.map((r: { rushService: boolean }) => r.rushService)).toEqual([true, false, false]);

    const file = await t.request('GET', `/api/report/sample-entry-source?${query}`, { token: admin });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.headers.get('content-disposition')).toMatch(
      /^attachment; filename="sample-entries-by-source-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const workbook = await workbookOf(file);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Summary', 'Samples']);

    const summary = workbook.getWorksheet('Summary')!;
    expect(summary.getCell('A1').value).toBe('Sample entries by source');
    expect(rowValues(summary, 2)).toEqual(['Received', '1 March 2026 – 31 March 2026']);
    // The file names the time zone its dates and times are in: the laboratory's.
    expect(rowValues(summary, 3)).toEqual(['Times in', 'Asia/Ho_Chi_Minh, UTC+07:00']);
    expect(rowValues(summary, 4)).toEqual(['Received by', 'Anyone']);
    expect(rowValues(summary, 5)).toEqual(['Sources', 'All sources']);
    expect(summary.getCell('B6').value).toBeInstanceOf(Date);
    expect(summary.views[0]).toMatchObject({ state: 'frozen', ySplit: 9 });
    expect(rowValues(summary, 9)).toEqual([
      'Source',
      'CS confirmed',
      'Sent to third lab',
      'Total',
      'Initial weight (g)',
      'Sent weight (g)',
    ]);
    expect(summary.getRow(9).font?.bold).toBe(true);
    expect(rowValues(summary, 10)).toEqual(['Client', 1, 1, 2, 150.5, 30]);
    expect(rowValues(summary, 11)).toEqual(['Retailer', 1, 0, 1, 80, 0]);
    expect(rowValues(summary, 12)).toEqual(['Total', 2, 1, 3, 230.5, 30]);
    // exceljs draws no charts: the counts are drawn as data bars in their column.
    const bars = (summary as unknown as { conditionalFormattings: { ref: string; rules: { type: string }[] }[] })
      .conditionalFormattings;
    expect(bars).toMatchObject([{ ref: 'D10:D11', rules: [{ type: 'dataBar' }] }]);

    const samples = workbook.getWorksheet('Samples')!;
    expect(samples.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(samples.getColumn(1).width).toBe(16);
    expect(samples.getRow(1).getCell(7).value).toBe('Received date');
    const received = samples.getRow(2).getCell(7);
    expect(received.value).toBeInstanceOf(Date);
    // A date cell has no time zone: it holds the laboratory's wall clock, 09:00 UTC being 16:00 in Ho Chi Minh City.
    expect(preview.body.data.rows[0].receivedDate).toBe('2026-03-02T09:00:00.000Z');
    expect((received.value as Date).toISOString()).toBe('2026-03-02T16:00:00.000Z');
    expect(received.numFmt).toBe('d mmmm yyyy hh:mm');
    for (const [index, row] of preview.body.data.rows.entries()) {
      const cells = samples.getRow(index + 2);
      expect(cells.getCell(1).value).toBe(row.idflNumber);
      expect(cells.getCell(4).value).toBe(row.source);
      expect(cells.getCell(10).value).toBe(row.rushService ? 'Rush' : null);
      expect(cells.getCell(11).value).toBe(row.initialWeight);
    }
    expect(samples.getColumn(5).values.slice(1)).toEqual([
      'Status',
      'CS confirmed',
      'Sent to third lab',
      'CS confirmed',
    ]);
    expect(samples.getRow(5).getCell(1).value).toBe('Total');
    expect(samples.getRow(5).getCell(2).value).toBe('3 samples');
    expect(samples.getRow(5).getCell(11).value).toBe(230.5);
    expect(samples.rowCount).toBe(5);
  });

  it('filters by who received the samples and by sources, and answers CSV: the filters, the counts, the samples', async () => {
    await seedSamples();
    const admin = await t.signInAsAdmin();
    const res = await t.request(
      'GET',
      '/api/report/sample-entry-source?receivedByUser=lan nguyen&sources=Client,Factory&format=csv',
      { token: admin },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.csv"/);
    const { preface, summary, samples } = csvParts((await bytesOf(res)).toString('utf8'));
    expect(preface.slice(0, 5)).toEqual([
      ['Sample entries by source'],
      ['Received', 'Any date'],
      ['Times in', 'Asia/Ho_Chi_Minh, UTC+07:00'],
      ['Received by', 'lan nguyen'],
      ['Sources', 'Client, Factory'],
    ]);
    expect(summary).toEqual([
      ['Source', 'CS confirmed', 'Sent to third lab', 'Completed', 'Total', 'Initial weight (g)', 'Sent weight (g)'],
      ['Client', '1', '1', '0', '2', '150.5', '30'],
      ['Factory', '0', '0', '1', '1', '10', '5'],
      ['Total', '1', '1', '1', '3', '160.5', '35'],
    ]);
    expect(samples[0]!.slice(0, 5)).toEqual(['IDFL number', 'Sample code', 'Sample type', 'Source', 'Status']);
    expect(samples.slice(1).map((r) => [r[0], r[3], r[4], r[7]])).toEqual([
      ['IDFL-2026-0001', 'Client', 'CS confirmed', 'Lan Nguyen'],
      ['IDFL-2026-0002', 'Client', 'Sent to third lab', 'Lan Nguyen'],
      ['IDFL-2026-0004', 'Factory', 'Completed', 'Lan Nguyen'],
    ]);
    // Received at 09:00 UTC: 16:00 at the laboratory, whose time the file names.
    expect(samples[1]![6]).toBe('2 March 2026 16:00');
    expect(samples[1]![8]).toBe('BK-2026-0001');
    expect(samples[0]![9]).toBe('Rush service');
    expect(samples[1]![9]).toBe('Rush');
  });

  it("gives a booked sample its booking's source: the public order form or the client-side lab", async () => {
    const admin = await t.signInAsAdmin();
    const publicForm = await submitBooking(t, { applicantCompany: 'Public Co' });
    const byStaff = await t.request('POST', '/api/bookings/create', { token: admin, body: bookingForm() });
    expect(byStaff.status, JSON.stringify(byStaff.body)).toBe(201);
    for (const id of [publicForm.id, byStaff.body.data.id]) {
      const confirmed = await t.request('PUT', `/api/cs-lab/check-in?id=${id}`, { token: admin });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    }
    const bySource = async () => {
      const preview = await t.request('GET', '/api/report/sample-entry-source?format=json', { token: admin });
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      return preview.body.data.groups.map((g: { key: string | null; samples: number }) => [g.key, g.samples]);
    };
    const expected = [
      ['Client-side lab', 2],
      ['Order form', 2],
    ];
    expect(await bySource()).toEqual(expected);

    // Samples booked before the rule had no source: the migration gives them their booking's.
    await t.database.db.update(sampleEntry).set({ source: null });
    expect(await bySource()).toEqual([[null, 4]]);
    const migration = await readFile(
      new URL('../../../src/server/db/migrations/0019_booked-sample-source.sql', import.meta.url),
      'utf8',
    );
    await t.database.db.execute(sql.raw(migration));
    expect(await bySource()).toEqual(expected);
  });

  it('keeps a spreadsheet formula in a cell as text', async () => {
    await seedSamples();
    const admin = await t.signInAsAdmin();
    const res = await t.request('GET', '/api/report/sample-entry-source?format=csv', { token: admin });
    const text = (await bytesOf(res)).toString('utf8');
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(text).not.toMatch(/(^|,)"?=HYPERLINK/m);
  });

  it('streams every row of a long period, a batch at a time', async () => {
    const admin = await t.signInAsAdmin();
    const many = Array.from({ length: 2_345 }, (_, i) => ({
      idflNumber: `IDFL-BULK-${String(i).padStart(5, '0')}`,
      status: 'CsConfirmed',
      source: i % 3 === 0 ? 'Client' : 'Retailer',
      receivedDate: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
      initialWeight: 1,
    }));
    for (let i = 0; i < many.length; i += 500) await t.database.db.insert(sampleEntry).values(many.slice(i, i + 500));
    const csv = await t.request('GET', '/api/report/sample-entry-source?format=csv', { token: admin });
    const { samples: csvSamples } = csvParts((await bytesOf(csv)).toString('utf8'));
    expect(csvSamples).toHaveLength(2_346);
    expect(csvSamples[2_345]![0]).toBe('IDFL-BULK-02344');
    const xlsx = await workbookOf(await t.request('GET', '/api/report/sample-entry-source', { token: admin }));
    const samples = xlsx.getWorksheet('Samples')!;
    expect(samples.rowCount).toBe(2_347);
    expect(samples.getRow(2_347).getCell(11).value).toBe(2_345);
    expect(rowValues(xlsx.getWorksheet('Summary')!, 10)).toEqual(['Retailer', 1_563, 1_563, 1_563, 0]);

    // Read in batches smaller than the period, the keyset continues where each batch ended.
    const batches = [];
    for await (const batch of reportRows(t.database.db, { timeZone: 'UTC' }, 1_000)) batches.push(batch);
    expect(batches.map((b) => b.length)).toEqual([1_000, 1_000, 345]);
    const ids = batches.flat().map((r) => r.idflNumber);
    expect(ids).toEqual(many.map((m) => m.idflNumber));
  });
});

describe('[REPORTS] sample entries by status', () => {
  it('counts per status in workflow order with the median days in it, and filters by status', async () => {
    await seedSamples();
    const admin = await t.signInAsAdmin();
    const all = await t.request('GET', '/api/report/sample-by-status?format=json', { token: admin });
    expect(
      all.body.data.groups.map((g: { key: string; samples: number; medianDays: number }) => [
        g.key,
        g.samples,
        g.medianDays,
      ]),
    ).toEqual([
      ['New', 1, 0],
      ['CsConfirmed', 2, 3],
      ['SentToThirdLab', 1, 10],
      ['Completed', 1, 1],
    ]);

    const workbook = await workbookOf(await t.request('GET', '/api/report/sample-by-status', { token: admin }));
    const summary = workbook.getWorksheet('Summary')!;
    expect(summary.getCell('A1').value).toBe('Sample entries by status');
    expect(rowValues(summary, 5)).toEqual(['Status', 'All statuses']);
    expect(String(summary.getCell('A7').value)).toMatch(/^Median days in status: for the samples now in a status/);
    expect(summary.views[0]).toMatchObject({ state: 'frozen', ySplit: 9 });
    expect(rowValues(summary, 9)).toEqual([
      'Status',
      'Samples',
      'Median days in status',
      'Initial weight (g)',
      'Sent weight (g)',
    ]);
    expect([10, 11, 12, 13, 14].map((row) => rowValues(summary, row).slice(0, 3))).toEqual([
      ['New', 1, 0],
      ['CS confirmed', 2, 3],
      ['Sent to third lab', 1, 10],
      ['Completed', 1, 1],
      ['Total', 5, undefined],
    ]);

    const file = await t.request('GET', '/api/report/sample-by-status?status=CsConfirmed', { token: admin });
    expect(file.headers.get('content-disposition')).toMatch(/sample-entries-by-status-/);
    const filtered = (await workbookOf(file)).getWorksheet('Summary')!;
    expect(rowValues(filtered, 5)).toEqual(['Status', 'CS confirmed']);
    expect(rowValues(filtered, 10)).toEqual(['CS confirmed', 2, 3, 180, 20]);
    expect(rowValues(filtered, 11)).toEqual(['Total', 2, undefined, 180, 20]);
  });

  it('answers each report only to holders of its permission, and refuses a bad format or language', async () => {
    const bySource = await t.userWith(['CanViewSampleEntryBySourceReport']);
    const byStatus = await t.userWith(['CanViewSampleEntryByStatusReport']);
    expect((await t.request('GET', '/api/report/sample-entry-source', { token: bySource.token })).status).toBe(200);
    expect((await t.request('GET', '/api/report/sample-by-status', { token: bySource.token })).status).toBe(403);
    expect((await t.request('GET', '/api/report/sample-by-status', { token: byStatus.token })).status).toBe(200);
    expect((await t.request('GET', '/api/report/sample-entry-source', { token: byStatus.token })).status).toBe(403);
    const bad = await t.request('GET', '/api/report/sample-by-status?format=pdf&receivedFromDate=soon&lang=fr', {
      token: byStatus.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      format: 'Format must be xlsx, csv or json',
      receivedFromDate: 'Enter a date as YYYY-MM-DD or an ISO date-time',
      lang: 'Language must be en or vi',
    });
  });
});

describe('[REPORTS] the two files', () => {
  it('differ by their summaries: counts per source × status against counts per status with median days', async () => {
    await seedSamples();
    const admin = await t.signInAsAdmin();
    const query = 'receivedFromDate=2026-03-01&receivedToDate=2026-04-30&format=csv';
    const bySource = csvParts(
      (await bytesOf(await t.request('GET', `/api/report/sample-entry-source?${query}`, { token: admin }))).toString(
        'utf8',
      ),
    );
    const byStatus = csvParts(
      (await bytesOf(await t.request('GET', `/api/report/sample-by-status?${query}`, { token: admin }))).toString(
        'utf8',
      ),
    );
    expect(bySource.summary).toEqual([
      ['Source', 'CS confirmed', 'Sent to third lab', 'Completed', 'Total', 'Initial weight (g)', 'Sent weight (g)'],
      ['Client', '1', '1', '0', '2', '150.5', '30'],
      ['Factory', '0', '0', '1', '1', '10', '5'],
      ['Retailer', '1', '0', '0', '1', '80', '0'],
      ['Total', '2', '1', '1', '4', '240.5', '35'],
    ]);
    expect(byStatus.summary).toEqual([
      ['Status', 'Samples', 'Median days in status', 'Initial weight (g)', 'Sent weight (g)'],
      ['CS confirmed', '2', '3', '180', '20'],
      ['Sent to third lab', '1', '10', '50.5', '10'],
      ['Completed', '1', '1', '10', '5'],
      ['Total', '4', '', '240.5', '35'],
    ]);
    // The same samples after the summaries.
    expect(bySource.samples).toEqual(byStatus.samples);
    expect(bySource.samples).toHaveLength(5);

    // The XLSX files, read back: the same summaries as the CSVs, the same samples after them.
    const books = async (path: string) => workbookOf(await t.request('GET', path, { token: admin }));
    const sourceBook = await books('/api/report/sample-entry-source?receivedFromDate=2026-03-01');
    const statusBook = await books('/api/report/sample-by-status?receivedFromDate=2026-03-01');
    const sourceSheet = sourceBook.getWorksheet('Summary')!;
    const statusSheet = statusBook.getWorksheet('Summary')!;
    expect(rowValues(sourceSheet, 2)).toEqual(['Received', 'From 1 March 2026']);
    expect([9, 10, 11, 12, 13].map((row) => rowValues(sourceSheet, row))).toEqual([
      ['Source', 'CS confirmed', 'Sent to third lab', 'Completed', 'Total', 'Initial weight (g)', 'Sent weight (g)'],
      ['Client', 1, 1, 0, 2, 150.5, 30],
      ['Factory', 0, 0, 1, 1, 10, 5],
      ['Retailer', 1, 0, 0, 1, 80, 0],
      ['Total', 2, 1, 1, 4, 240.5, 35],
    ]);
    expect([9, 10, 11, 12, 13].map((row) => rowValues(statusSheet, row))).toEqual([
      ['Status', 'Samples', 'Median days in status', 'Initial weight (g)', 'Sent weight (g)'],
      ['CS confirmed', 2, 3, 180, 20],
      ['Sent to third lab', 1, 10, 50.5, 10],
      ['Completed', 1, 1, 10, 5],
      ['Total', 4, undefined, 240.5, 35],
    ]);
    expect(statusSheet.getCell('C10').numFmt).toBe('0.0');
    expect(sourceSheet.getCell('F10').numFmt).toBe('#,##0.###');
    const barsOf = (sheet: ExcelJS.Worksheet) =>
      (sheet as unknown as { conditionalFormattings: { ref: string; rules: { type: string }[] }[] })
        .conditionalFormattings;
    expect(barsOf(sourceSheet)).toMatchObject([{ ref: 'E10:E12', rules: [{ type: 'dataBar' }] }]);
    expect(barsOf(statusSheet)).toMatchObject([{ ref: 'B10:B12', rules: [{ type: 'dataBar' }] }]);
    const samplesOf = (book: ExcelJS.Workbook) =>
      book
        .getWorksheet('Samples')!
        .getSheetValues()
        .slice(1)
        .map((row) => (row as unknown[]).slice(1));
    expect(samplesOf(sourceBook)).toEqual(samplesOf(statusBook));
    expect(samplesOf(sourceBook)).toHaveLength(6);
  });

  it("speaks the requester's language: lang, else Accept-Language; statuses are words, never codes", async () => {
    await seedSamples();
    const admin = await t.signInAsAdmin();
    const vi = csvParts(
      (
        await bytesOf(
          await t.request('GET', '/api/report/sample-by-status?format=csv&receivedFromDate=2026-03-01&lang=vi', {
            token: admin,
          }),
        )
      ).toString('utf8'),
    );
    expect(vi.preface[0]).toEqual(['Mẫu theo trạng thái']);
    expect(vi.preface[1]).toEqual(['Ngày nhận', 'Từ 1 tháng 3 2026']);
    expect(vi.summary.map((r) => r[0])).toEqual([
      'Trạng thái',
      'CS đã xác nhận',
      'Đã gửi phòng thí nghiệm thứ ba',
      'Hoàn tất',
      'Tổng cộng',
    ]);
    expect(vi.samples[0]![4]).toBe('Trạng thái');
    expect(vi.samples[0]![9]).toBe('Dịch vụ khẩn');
    expect(vi.samples[1]![9]).toBe('Khẩn');
    expect(vi.samples.slice(1).map((r) => r[4])).toEqual([
      'CS đã xác nhận',
      'Đã gửi phòng thí nghiệm thứ ba',
      'CS đã xác nhận',
      'Hoàn tất',
    ]);

    const res = await t.request('GET', '/api/report/sample-entry-source', {
      token: admin,
      headers: { 'accept-language': 'fr;q=1, vi-VN;q=0.9, en;q=0.5' },
    });
    expect(res.headers.get('content-language')).toBe('vi');
    const workbook = await workbookOf(res);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Tổng hợp', 'Danh sách mẫu']);
    const summary = workbook.getWorksheet('Tổng hợp')!;
    expect(rowValues(summary, 9).slice(0, 5)).toEqual([
      'Nguồn',
      'Mới',
      'CS đã xác nhận',
      'Đã gửi phòng thí nghiệm thứ ba',
      'Hoàn tất',
    ]);
    const samples = workbook.getWorksheet('Danh sách mẫu')!;
    const statuses = samples.getColumn(5).values.slice(2, 7);
    expect(statuses).toEqual(['CS đã xác nhận', 'Đã gửi phòng thí nghiệm thứ ba', 'CS đã xác nhận', 'Hoàn tất', 'Mới']);

    // No workflow code in either file, in either language ("New" and "Completed" are also English words).
    const codes = {
      en: /CsConfirmed|SentToThirdLab|SentToTester|TesterConfirmed/,
      vi: /CsConfirmed|SentToThirdLab|\bNew\b|Completed/,
    };
    for (const lang of ['en', 'vi'] as const) {
      for (const path of ['/api/report/sample-entry-source', '/api/report/sample-by-status']) {
        const res = await t.request('GET', `${path}?format=csv&lang=${lang}`, { token: admin });
        expect((await bytesOf(res)).toString('utf8')).not.toMatch(codes[lang]);
      }
    }
  });
});
