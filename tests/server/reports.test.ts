import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { booking, sampleEntry } from '../../src/server/db/schema.ts';
import { useTestApp, type TestResponse } from './support/test-app.ts';

// The two sample-entry reports: figures grouped by the database, files a spreadsheet opens, and
// the same rows in the preview, the XLSX and the CSV.

const t = useTestApp();

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
    },
    {
      source: 'Client',
      status: 'SentToThirdLab',
      receivedBy: 'Lan Nguyen',
      receivedDate: '2026-03-05T09:00:00Z',
      initialWeight: 50.5,
      sentWeight: 10,
    },
    {
      source: 'Retailer',
      status: 'CsConfirmed',
      receivedBy: 'Minh Tran',
      receivedDate: '2026-03-06T09:00:00Z',
      initialWeight: 80,
      sentWeight: null,
    },
    {
      source: 'Factory',
      status: 'Completed',
      receivedBy: 'Lan Nguyen',
      receivedDate: '2026-04-01T09:00:00Z',
      initialWeight: 10,
      sentWeight: 5,
    },
    {
      source: '=HYPERLINK("x")',
      status: 'New',
      receivedBy: null,
      receivedDate: null,
      initialWeight: null,
      sentWeight: null,
    },
  ];
  let n = 0;
  for (const row of rows) {
    n += 1;
    await t.database.db.insert(sampleEntry).values({
      idflNumber: `IDFL-2026-000${n}`,
      sampleCode: `SC-${n}`,
      sampleType: 'Cotton',
      bookingId: n === 1 ? order!.id : null,
      ...row,
      receivedDate: row.receivedDate ? new Date(row.receivedDate) : null,
      remainingWeight: row.initialWeight == null ? null : row.initialWeight - (row.sentWeight ?? 0),
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

describe('[REPORTS] sample entries by source', () => {
  it('groups by source with totals, and the XLSX holds the same rows as the preview', async () => {
    await seedSamples();
    const admin = await t.signInAsAdmin();
    const query = 'receivedFromDate=2026-03-01&receivedToDate=2026-03-31';
    const preview = await t.request('GET', `/api/report/sample-entry-source?${query}&format=json`, { token: admin });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data.groups).toEqual([
      { key: 'Client', samples: 2, initialWeight: 150.5, sentWeight: 30 },
      { key: 'Retailer', samples: 1, initialWeight: 80, sentWeight: 0 },
    ]);
    expect(preview.body.data.total).toEqual({ samples: 3, initialWeight: 230.5, sentWeight: 30 });
    expect(preview.body.data.rows.map((r: { idflNumber: string }) => r.idflNumber)).toEqual([
      'IDFL-2026-0001',
      'IDFL-2026-0002',
      'IDFL-2026-0003',
    ]);
    expect(preview.body.data.rows[0].bookingNumber).toBe('BK-2026-0001');

    const file = await t.request('GET', `/api/report/sample-entry-source?${query}`, { token: admin });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.headers.get('content-disposition')).toMatch(
      /^attachment; filename="sample-entries-by-source-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const workbook = await workbookOf(file);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['By source', 'Samples']);

    const summary = workbook.getWorksheet('By source')!;
    expect(summary.getRow(1).values).toEqual([undefined, 'Source', 'Samples', 'Initial weight (g)', 'Sent weight (g)']);
    expect(summary.getRow(1).font?.bold).toBe(true);
    expect(summary.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(summary.getRow(2).values).toEqual([undefined, 'Client', 2, 150.5, 30]);
    expect(summary.getRow(3).values).toEqual([undefined, 'Retailer', 1, 80, 0]);
    expect(summary.getRow(4).values).toEqual([undefined, 'Total', 3, 230.5, 30]);

    const samples = workbook.getWorksheet('Samples')!;
    expect(samples.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(samples.getColumn(1).width).toBe(16);
    expect(samples.getRow(1).getCell(7).value).toBe('Received date');
    const received = samples.getRow(2).getCell(7);
    expect(received.value).toBeInstanceOf(Date);
    expect((received.value as Date).toISOString()).toBe(preview.body.data.rows[0].receivedDate);
    expect(received.numFmt).toBe('yyyy-mm-dd hh:mm');
    for (const [index, row] of preview.body.data.rows.entries()) {
      const cells = samples.getRow(index + 2);
      expect(cells.getCell(1).value).toBe(row.idflNumber);
      expect(cells.getCell(4).value).toBe(row.source);
      expect(cells.getCell(5).value).toBe(row.status);
      expect(cells.getCell(10).value).toBe(row.initialWeight);
    }
    expect(samples.getRow(5).getCell(1).value).toBe('Total');
    expect(samples.getRow(5).getCell(10).value).toBe(230.5);
    expect(samples.rowCount).toBe(5);
  });

  it('filters by who received the samples and by sources, and answers CSV with papaparse', async () => {
    await seedSamples();
    const admin = await t.signInAsAdmin();
    const res = await t.request(
      'GET',
      '/api/report/sample-entry-source?receivedByUser=lan nguyen&sources=Client,Factory&format=csv',
      {
        token: admin,
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.csv"/);
    const text = (await bytesOf(res)).toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data.map((r) => [r['IDFL number'], r.Source, r['Received by']])).toEqual([
      ['IDFL-2026-0001', 'Client', 'Lan Nguyen'],
      ['IDFL-2026-0002', 'Client', 'Lan Nguyen'],
      ['IDFL-2026-0004', 'Factory', 'Lan Nguyen'],
    ]);
    expect(parsed.data[0]!['Received date']).toBe('2026-03-02T09:00:00.000Z');
    expect(parsed.data[0]!['Booking number']).toBe('BK-2026-0001');
  });

  it('keeps a spreadsheet formula in a cell as text', async () => {
    await seedSamples();
    const admin = await t.signInAsAdmin();
    const res = await t.request('GET', '/api/report/sample-entry-source?format=csv', { token: admin });
    const text = (await bytesOf(res)).toString('utf8');
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
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
    const parsed = Papa.parse<string[]>((await bytesOf(csv)).toString('utf8').slice(1), { skipEmptyLines: true });
    expect(parsed.data).toHaveLength(2_346);
    expect(parsed.data[2_345]![0]).toBe('IDFL-BULK-02344');
    const xlsx = await workbookOf(await t.request('GET', '/api/report/sample-entry-source', { token: admin }));
    const samples = xlsx.getWorksheet('Samples')!;
    expect(samples.rowCount).toBe(2_347);
    expect(samples.getRow(2_347).getCell(10).value).toBe(2_345);
    expect(xlsx.getWorksheet('By source')!.getRow(2).values).toEqual([undefined, 'Retailer', 1_563, 1_563, 0]);
  });
});

describe('[REPORTS] sample entries by status', () => {
  it('groups by status in workflow order and filters by status', async () => {
    await seedSamples();
    const admin = await t.signInAsAdmin();
    const all = await t.request('GET', '/api/report/sample-by-status?format=json', { token: admin });
    expect(all.body.data.groups.map((g: { key: string; samples: number }) => [g.key, g.samples])).toEqual([
      ['New', 1],
      ['CsConfirmed', 2],
      ['SentToThirdLab', 1],
      ['Completed', 1],
    ]);
    const file = await t.request('GET', '/api/report/sample-by-status?status=CsConfirmed', { token: admin });
    expect(file.headers.get('content-disposition')).toMatch(/sample-entries-by-status-/);
    const workbook = await workbookOf(file);
    const summary = workbook.getWorksheet('By status')!;
    expect(summary.getRow(1).getCell(1).value).toBe('Status');
    expect(summary.getRow(2).values).toEqual([undefined, 'CsConfirmed', 2, 180, 20]);
    expect(summary.getRow(3).values).toEqual([undefined, 'Total', 2, 180, 20]);
  });

  it('answers each report only to holders of its permission, and refuses a bad format', async () => {
    const bySource = await t.userWith(['CanViewSampleEntryBySourceReport']);
    const byStatus = await t.userWith(['CanViewSampleEntryByStatusReport']);
    expect((await t.request('GET', '/api/report/sample-entry-source', { token: bySource.token })).status).toBe(200);
    expect((await t.request('GET', '/api/report/sample-by-status', { token: bySource.token })).status).toBe(403);
    expect((await t.request('GET', '/api/report/sample-by-status', { token: byStatus.token })).status).toBe(200);
    expect((await t.request('GET', '/api/report/sample-entry-source', { token: byStatus.token })).status).toBe(403);
    const bad = await t.request('GET', '/api/report/sample-by-status?format=pdf&receivedFromDate=soon', {
      token: byStatus.token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      format: 'Format must be xlsx, csv or json',
      receivedFromDate: 'Enter a date as YYYY-MM-DD or an ISO date-time',
    });
  });
});
