import { describe, expect, it } from 'vitest';
import { importLimits } from '../../../../src/shared/schemas/clean-isotope.ts';
import { permissionGroups } from '../../../../src/shared/permissions.ts';
import { readSpreadsheet } from '../../../../src/server/services/documents/spreadsheet-reader.ts';
import { useTestApp } from '../../support/test-app.ts';
import { bombSheet, cellName, sheetXml, xlsxOf } from '../../support/xlsx-files.ts';

// One reference file stopped the whole laboratory. A 10,000-row XLSX froze every
// request for 78 s, a 1.9 KB sheet with a cell at XFD1048576 for minutes, a 1.2 MB zip bomb took
// 11 s and 1.9 GB. Files are now read in a worker thread, in linear time, within named limits.

const t = useTestApp();

const MiB = 1024 * 1024;
/**
 * A refusal comes after the reader's thread starts and the first bytes that show the limit; the old
 * code took minutes. Generous, for a busy shared machine.
 */
const REFUSED_WITHIN_SECONDS = 15;
/** These tests send files of thousands of rows: on a busy machine the writes alone take a while. */
const LARGE_FILE_TIMEOUT = 180_000;

function fileForm(name: string, content: string | Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  form.set('file', new File([content], name));
  form.set('material', 'Rice');
  return form;
}

const header = ['sampleCode', 'region', 'd13C'];
const goodRows = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => [`R-${from + i}`, 'Mekong', -27 + (i % 10) / 10]);

async function importer() {
  return (await t.userWith(permissionGroups.cleanSample)).token;
}

async function importFile(token: string, name: string, content: string | Uint8Array<ArrayBuffer>) {
  const started = performance.now();
  const res = await t.request('POST', '/api/clean-isotope/import', { token, form: fileForm(name, content) });
  return { ...res, seconds: (performance.now() - started) / 1000 };
}

async function recordCount(token: string) {
  const res = await t.request('GET', '/api/clean-isotope?limit=1', { token });
  expect(res.status).toBe(200);
  return res.body.data.total as number;
}

/** The process's largest resident memory while `work` runs, above what it held before. */
async function peakMemoryDuring<T>(work: () => Promise<T>): Promise<{ result: T; peakMiB: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, peakMiB: (peak - before) / MiB };
  } finally {
    clearInterval(sampler);
  }
}

describe('[SECURITY] import limits: a file never holds the server', () => {
  it(
    'refuses a sheet that declares its size as A1:XFD1048576 at once, naming that size, and keeps the data',
    {
      timeout: 60_000,
    },
    async () => {
      const token = await importer();
      expect((await importFile(token, 'good.csv', [header, ...goodRows(3)].join('\n'))).status).toBe(200);
      const before = await recordCount(token);
      // 1.9 KB: a header, one row, and one cell at the sheet's last row and column.
      const sheet = sheetXml([header, ...goodRows(1)], { dimension: 'A1:XFD1048576' }).replace(
        '</sheetData>',
        `<row r="1048576"><c r="XFD1048576"><v>1</v></c></row></sheetData>`,
      );
      const file = xlsxOf(sheet);
      expect(file.length).toBeLessThan(4096);
      const res = await importFile(token, 'tiny.xlsx', file);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('importSheetTooLarge');
      expect(res.body.params).toEqual({
        range: 'A1:XFD1048576',
        rows: importLimits.rows,
        columns: importLimits.columns,
      });
      expect(res.body.errors.file).toContain('A1:XFD1048576');
      expect(res.seconds).toBeLessThan(REFUSED_WITHIN_SECONDS);
      expect(await recordCount(token)).toBe(before);
    },
  );

  it('refuses a cell at XFD1048576 in a sheet that declares no size, by the columns limit', async () => {
    const token = await importer();
    const sheet = sheetXml([header, ...goodRows(2)], { dimension: null }).replace(
      '</sheetData>',
      `<row r="1048576"><c r="XFD1048576"><v>1</v></c></row></sheetData>`,
    );
    const res = await importFile(token, 'far-cell.xlsx', xlsxOf(sheet));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('importTooManyColumns');
    expect(res.body.params).toEqual({ max: importLimits.columns });
    expect(res.body.errors.file).toContain(`${importLimits.columns} columns`);
    expect(res.seconds).toBeLessThan(REFUSED_WITHIN_SECONDS);
  });

  it('refuses a 1 MB zip bomb of 1 GiB after its first megabytes, with bounded memory, and keeps the data', async () => {
    const token = await importer();
    expect((await importFile(token, 'good.csv', [header, ...goodRows(3)].join('\n'))).status).toBe(200);
    const bomb = xlsxOf(bombSheet(1024));
    expect(bomb.length).toBeLessThan(2 * MiB);
    const { result: res, peakMiB } = await peakMemoryDuring(() => importFile(token, 'bomb.xlsx', bomb));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('xlsxPackedTooTightly');
    expect(res.body.params).toEqual({ ratio: importLimits.packingRatio });
    expect(res.body.errors.file).toContain(`${importLimits.packingRatio} times`);
    expect(res.seconds).toBeLessThan(REFUSED_WITHIN_SECONDS);
    // The worker thread's start is most of it; the bomb itself never unpacks past a few MiB.
    expect(peakMiB).toBeLessThan(300);
    expect(await recordCount(token)).toBe(3);
  });

  it('stops unpacking at the unpacked-bytes limit, whatever the directory declares', async () => {
    // The same bomb read with a ratio no bomb could pass: the total budget stops it instead.
    const limits = { ...importLimits, packingRatio: 1e9, unpackedBytes: 8 * MiB };
    const { peakMiB, result } = await peakMemoryDuring(() =>
      readSpreadsheet(xlsxOf(bombSheet(1024)), () => {}, limits).then(
        () => undefined,
        (error: unknown) => error,
      ),
    );
    expect(result).toMatchObject({ code: 'xlsxUnpacksTooLarge', params: { mib: 8 }, status: 400 });
    expect(peakMiB).toBeLessThan(100);
  });

  it(
    `refuses a sheet of more than ${importLimits.rows.toLocaleString('en')} rows while reading it`,
    async () => {
      const token = await importer();
      const rows = [header, ...goodRows(importLimits.rows + 1)];
      // No declared size: the rows are counted as they are read.
      const res = await importFile(token, 'too-many.xlsx', xlsxOf(sheetXml(rows, { dimension: null })));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('importTooManyRows');
      expect(res.body.params).toEqual({ max: importLimits.rows });
      expect(res.body.errors.file).toBe(`At most ${importLimits.rows} rows`);
      expect(await recordCount(token)).toBe(0);
    },
    LARGE_FILE_TIMEOUT,
  );

  it('refuses too many columns and too long a cell, in CSV as in XLSX', async () => {
    const token = await importer();
    const wide = Array.from({ length: importLimits.columns + 1 }, (_, i) => `c${i}`);
    const wideCsv = await importFile(token, 'wide.csv', [['sampleCode', ...wide].join(','), 'R-1'].join('\n'));
    expect(wideCsv.status).toBe(400);
    expect(wideCsv.body.code).toBe('importTooManyColumns');

    const long = 'x'.repeat(importLimits.cellCharacters + 1);
    const longCsv = await importFile(token, 'long.csv', [header.join(','), `R-1,${long},-27`].join('\n'));
    expect(longCsv.status).toBe(400);
    expect(longCsv.body.code).toBe('importCellTooLong');
    expect(longCsv.body.errors.file).toBe(`Row 2, column 2: more than ${importLimits.cellCharacters} characters`);

    const longXlsx = await importFile(token, 'long.xlsx', xlsxOf(sheetXml([header, ['R-1', long, -27]])));
    expect(longXlsx.status).toBe(400);
    expect(longXlsx.body.code).toBe('importCellTooLong');
    expect(longXlsx.body.errors.file).toBe(
      `Row 2, column ${cellName(2, 2).replace(/\d+$/, '')}: more than ${importLimits.cellCharacters} characters`,
    );
    expect(await recordCount(token)).toBe(0);
  });

  it(
    'keeps answering other requests while a 5,000-row XLSX is read and imported',
    async () => {
      const token = await importer();
      const file = xlsxOf(sheetXml([header, ...goodRows(5_000)]));
      let importing = true;
      const upload = importFile(token, 'large.xlsx', file).finally(() => {
        importing = false;
      });
      // The health check, again and again while the import runs: none may wait on the file.
      const waits: number[] = [];
      while (importing) {
        // Timed with a short pause before it: the server's thread may not stall during the pause either.
        const started = performance.now();
        await new Promise((resolve) => setTimeout(resolve, 20));
        const res = await t.app.request('/api/health');
        expect(res.status).toBe(200);
        waits.push(performance.now() - started);
      }
      const res = await upload;
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      expect(res.body.data).toMatchObject({ created: 5_000, total: 5_000 });
      expect(waits.length).toBeGreaterThan(3);
      // Old code: every request waited for the whole file (22 s at 5,000 rows). Now none waits on
      // it; the bound is far above a health check's few milliseconds, for a busy machine.
      expect(Math.max(...waits)).toBeLessThan(2_000);
    },
    LARGE_FILE_TIMEOUT,
  );
});
