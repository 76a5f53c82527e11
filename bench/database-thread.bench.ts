// Whether one list search holds the rest of the server: a static file's latency while
// one client, and five, search the CS list, against the same file on an idle server, and the search on its
// own against the same search while the file is being fetched. On PGlite, whose statements run on
// a thread of their own (src/server/db/pglite-thread.mjs), and on PostgreSQL when TEST_DATABASE_URL
// is set. The goal: while a search runs, no static file waits longer than that search takes on its own.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openBenchApp } from './bench-app.ts';
import type { BenchRow } from './run.ts';
import { loadLaboratory } from './scale/laboratory.ts';
import { nextTurn, underLoad } from './scale/lists.ts';

// Enough entries that a search is real work on PGlite, few enough to load in a bench run.
const ENTRIES = 20_000;

/** Runs `work` while `clients` loops keep calling `load`; stops them after. */
async function whileLoaded<T>(load: () => Promise<unknown>, clients: number, work: () => Promise<T>): Promise<T> {
  let loading = true;
  const loops = Array.from({ length: clients }, async () => {
    while (loading) await load();
  });
  try {
    return await work();
  } finally {
    loading = false;
    await Promise.all(loops);
  }
}

async function benchOn(kind: 'PGlite' | 'PostgreSQL', postgresUrl?: string): Promise<BenchRow[]> {
  const staticDir = mkdtempSync(path.join(tmpdir(), 'isotope-bench-thread-'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Isotope Lab</title>');
  writeFileSync(path.join(staticDir, 'robots-bench.txt'), 'User-agent: *\nAllow: /\n');
  const bench = await openBenchApp({ postgresUrl, name: 'thread', env: { STATIC_DIR: staticDir } });
  try {
    await loadLaboratory(bench.database, ENTRIES);
    const auth = { headers: { authorization: `Bearer ${bench.token}` } };
    // Each call starts in a turn of its own, as a request from a socket does (scale/lists.ts nextTurn).
    const file = async () => {
      await nextTurn();
      const response = await bench.app.request('/robots-bench.txt');
      if (response.status !== 200) throw new Error(`the static file answered ${response.status}`);
      await response.arrayBuffer();
    };
    // A "contains" search, the lists' costliest common case.
    const search = async () => {
      await nextTurn();
      const response = await bench.app.request(`/api/cs-lab/get-all?search=SC-${Math.ceil(ENTRIES / 3)}`, auth);
      if (response.status !== 200) throw new Error(`the search answered ${response.status}`);
      await response.arrayBuffer();
    };

    const fileIdle = await underLoad(file, 300, 5);
    const searchAlone = await underLoad(search, 20, 1);
    const fileDuringOneSearch = await whileLoaded(search, 1, () => underLoad(file, 150, 5));
    const fileDuringSearch = await whileLoaded(search, 5, () => underLoad(file, 150, 5));
    const searchDuringFiles = await whileLoaded(file, 5, () => underLoad(search, 20, 1));

    const size = ENTRIES.toLocaleString('en');
    return [
      {
        name: `${kind} ${size}: static file p50 while 5 clients search`,
        baseline: { label: 'the file on an idle server, p50', value: fileIdle.p50 },
        value: fileDuringSearch.p50,
        unit: 'ms',
      },
      {
        name: `${kind} ${size}: static file p99 while 5 clients search`,
        baseline: { label: 'the file on an idle server, p99', value: fileIdle.p99 },
        value: fileDuringSearch.p99,
        unit: 'ms',
      },
      {
        // The goal: no single list request holds the rest of the server longer than it
        // takes on its own. One client searching without pause, the file's slowest answers against it.
        name: `${kind} ${size}: static file p99 while 1 client searches`,
        baseline: { label: 'one search on its own, p50', value: searchAlone.p50 },
        value: fileDuringOneSearch.p99,
        unit: 'ms',
        // PGlite's rule: its statements share one process with the server. PostgreSQL's run elsewhere.
        targetRatio: kind === 'PGlite' ? 1 : undefined,
      },
      {
        // Five at once: their work on the server's thread adds up, so this is told, not judged.
        name: `${kind} ${size}: static file p99 while 5 clients search`,
        baseline: { label: 'one search on its own, p50', value: searchAlone.p50 },
        value: fileDuringSearch.p99,
        unit: 'ms',
      },
      {
        name: `${kind} ${size}: one search p50 while 5 clients fetch the file`,
        baseline: { label: 'the search on its own, p50', value: searchAlone.p50 },
        value: searchDuringFiles.p50,
        unit: 'ms',
      },
    ];
  } finally {
    await bench.close();
    rmSync(staticDir, { recursive: true, force: true });
  }
}

export default async function benchDatabaseThread(): Promise<BenchRow[]> {
  const rows = await benchOn('PGlite');
  if (process.env.TEST_DATABASE_URL) rows.push(...(await benchOn('PostgreSQL', process.env.TEST_DATABASE_URL)));
  return rows;
}
