// Whether a large reference import holds the rest of the server: the health check's
// latency while a 100,000-row XLSX is uploaded, read, checked and written, against the same check on
// the idle server. The file is read in a worker thread (clean-isotope-import-job.ts); what is left
// on the server's thread is the upload, the checked rows arriving in parts, and the writes.
import ExcelJS from 'exceljs';
import { openBenchApp } from './bench-app.ts';
import type { BenchRow } from './run.ts';
import { nextTurn } from './scale/lists.ts';

const ROWS = 100_000;

/** A laboratory's reference file as Excel writes it: twelve columns, trace elements among them. */
async function referenceWorkbook(rows: number): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Reference');
  sheet.addRow([
    'sampleCode',
    'material',
    'countryCode',
    'region',
    'latitude',
    'longitude',
    'd13C',
    'd2H',
    'd18O',
    'd15N',
    'Sr',
    '87Sr/86Sr',
  ]);
  for (let i = 0; i < rows; i++)
    sheet.addRow([
      `R-${i}`,
      'Rice',
      ['VN', 'TH', 'CN'][i % 3],
      `Region ${i % 40}`,
      10 + (i % 50) / 7,
      100 + (i % 70) / 9,
      -27 + (i % 13) / 10,
      -60 + (i % 17),
      24 + (i % 11) / 10,
      3 + (i % 7) / 10,
      120 + (i % 30),
      0.709 + (i % 19) / 10_000,
    ]);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

function percentile(times: readonly number[], p: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

export default async function benchImport(): Promise<BenchRow[]> {
  const bench = await openBenchApp({ name: 'import' });
  try {
    const file = await referenceWorkbook(ROWS);
    // One health check after another, each from a turn of its own as a socket's request would be.
    const health = async () => {
      await nextTurn();
      const started = performance.now();
      const response = await bench.app.request('/api/health');
      if (response.status !== 200) throw new Error(`the health check answered ${response.status}`);
      await response.arrayBuffer();
      return performance.now() - started;
    };
    const checksWhile = async (running: () => boolean) => {
      const times: number[] = [];
      while (running()) times.push(await health());
      return times;
    };
    const idleFor = async (ms: number) => {
      const until = performance.now() + ms;
      return checksWhile(() => performance.now() < until);
    };

    const upload = () => {
      const form = new FormData();
      form.set('file', new File([file], 'reference.xlsx'));
      return bench.app.request('/api/clean-isotope/import', {
        method: 'POST',
        headers: { authorization: `Bearer ${bench.token}` },
        body: form,
      });
    };
    const idleBefore = await idleFor(3_000);
    let importing = true;
    const started = performance.now();
    const imported = Promise.resolve(upload()).finally(() => {
      importing = false;
    });
    const during = await checksWhile(() => importing);
    const response = await imported;
    const importMs = performance.now() - started;
    if (response.status !== 200) throw new Error(`the import answered ${response.status}: ${await response.text()}`);
    const summary = ((await response.json()) as { data: { total: number } }).data;
    if (summary.total !== ROWS) throw new Error(`the import wrote ${summary.total} rows, not ${ROWS}`);
    // The idle check measured before and after, so that both meet the machine as it was around the import.
    const idle = [...idleBefore, ...(await idleFor(3_000))];

    const size = ROWS.toLocaleString('en');
    const sizeMiB = (file.length / 1024 / 1024).toFixed(1);
    return [
      {
        name: `health check p50 while a ${size}-row XLSX (${sizeMiB} MiB) is imported`,
        baseline: { label: 'the check on an idle server, p50', value: percentile(idle, 0.5) },
        value: percentile(during, 0.5),
        unit: 'ms',
      },
      {
        name: `health check p99 while a ${size}-row XLSX (${sizeMiB} MiB) is imported (${during.length} checks in ${(importMs / 1000).toFixed(1)} s)`,
        baseline: { label: 'the check on an idle server, p99', value: percentile(idle, 0.99) },
        value: percentile(during, 0.99),
        unit: 'ms',
      },
      {
        name: `health check, slowest while a ${size}-row XLSX is imported`,
        baseline: { label: 'the check on an idle server, slowest', value: Math.max(...idle) },
        value: Math.max(...during),
        unit: 'ms',
      },
    ];
  } finally {
    await bench.close();
  }
}
