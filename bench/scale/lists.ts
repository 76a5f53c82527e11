// `npm run bench -- --scale 100000`: every bench list and the booking list on a laboratory of a
// thousand entries and of `entries`, ten clients at once, each case as a ratio to the signed-in
// profile read of the same server in the same run; on PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set. The goals are judged on PostgreSQL.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openBenchApp, type BenchApp } from '../bench-app.ts';
import type { BenchRow } from '../run.ts';
import { applicantCompanyOf, bookingNumberOf, idflNumberOf, loadLaboratory } from './laboratory.ts';

const CLIENTS = 10;
/** Requests a case is timed over, in ROUNDS blocks (see caseAgainstProfile). */
const REQUESTS = 120;
const ROUNDS = 3;
const SMALL = 1_000;

type Timing = { p50: number; p99: number };
/** A case's path, or for a keyset case the list and the row its page starts after (see cursorPath). */
type ListCase = { name: string; path: string; afterRow?: number };
/** A case's timing and the profile read measured just before it, its baseline. */
type CaseRun = { timing: Timing; profile: Timing };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))]!;
}

/**
 * A request reaches a real server in a turn of the event loop of its own (a socket's data), behind
 * the work queued there; an in-process call starts in a new turn to be measured the same way. A file
 * answered from memory would otherwise finish in one chain of promises and starve the event loop.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `requests` calls shared by `clients` concurrent loops, after a call per client to warm up: each one's latency, in ms. */
async function latencies(call: () => Promise<unknown>, requests: number, clients = CLIENTS): Promise<number[]> {
  for (let i = 0; i < clients; i++) await call(); // warm caches and plans
  const times: number[] = [];
  let left = requests;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (left-- > 0) {
        const started = performance.now();
        await call();
        times.push(performance.now() - started);
      }
    }),
  );
  return times;
}

function timingOf(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
}

/** `requests` calls shared by `clients` concurrent loops: the p50 and p99 of their latencies, in ms. */
export async function underLoad(call: () => Promise<unknown>, requests = REQUESTS, clients = CLIENTS): Promise<Timing> {
  return timingOf(await latencies(call, requests, clients));
}

/**
 * A case and its baseline, the profile read, measured in turns (ROUNDS blocks of each, one after
 * the other) so that both meet the machine as it was during the case: on a shared machine the load
 * drifts within seconds, and a baseline measured once before the case could meet another machine.
 */
async function caseAgainstProfile(call: () => Promise<unknown>, profile: () => Promise<unknown>): Promise<CaseRun> {
  const caseTimes: number[] = [];
  const profileTimes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    profileTimes.push(...(await latencies(profile, REQUESTS / ROUNDS)));
    caseTimes.push(...(await latencies(call, REQUESTS / ROUNDS)));
  }
  return { timing: timingOf(caseTimes), profile: timingOf(profileTimes) };
}

/** Every list a bench walks, with the cases a laboratory meets: paging, one number, search, filter, sort. */
function listCases(entries: number): ListCase[] {
  // A sample half-way through the history: completed, so every bench's list holds it.
  const middle = Math.ceil(entries / 2);
  const samples = (name: string, list: string, status: string, sort: string) => [
    { name: `${name}, first page`, path: `${list}?limit=20` },
    { name: `${name}, offset 10,000`, path: `${list}?limit=20&offset=10000` },
    { name: `${name}, offset 50,000`, path: `${list}?limit=20&offset=50000` },
    { name: `${name}, row 10,000 by cursor`, path: list, afterRow: 10_000 },
    { name: `${name}, row 50,000 by cursor`, path: list, afterRow: 50_000 },
    { name: `${name}, exact IDFL number`, path: `${list}?IDFLNumber=${idflNumberOf(middle)}` },
    { name: `${name}, search`, path: `${list}?search=SC-${middle}` },
    { name: `${name}, status filter`, path: `${list}?status=${status}` },
    { name: `${name}, date sort`, path: `${list}?orderBy=${sort}` },
  ];
  const bookings = '/api/bookings/find-all';
  const middleBooking = Math.ceil(entries / 10);
  return [
    ...samples('CS', '/api/cs-lab/get-all', 'CsConfirmed', 'receivedDate:desc'),
    ...samples('tester', '/api/tester-lab/get-all', 'TesterConfirmed', 'receivedDate:desc'),
    ...samples('supervisor', '/api/supervisor-lab/get-all', 'ResultReturned', 'receivedDate:desc'),
    ...samples('third lab', '/api/third-lab/get-all', 'ThirdLabConfirmed', 'receivedDate:desc'),
    { name: 'bookings, first page', path: `${bookings}?limit=20` },
    { name: 'bookings, offset 10,000', path: `${bookings}?limit=20&offset=10000` },
    { name: 'bookings, offset 50,000', path: `${bookings}?limit=20&offset=50000` },
    { name: 'bookings, row 10,000 by cursor', path: bookings, afterRow: 10_000 },
    { name: 'bookings, exact booking number', path: `${bookings}?bookingNumber=${bookingNumberOf(middleBooking)}` },
    // A client's company, as staff type it: a booking of that name exists at every size.
    { name: 'bookings, search', path: `${bookings}?search=${encodeURIComponent(applicantCompanyOf(middleBooking))}` },
    { name: 'bookings, status filter', path: `${bookings}?status=UnConfirmed` },
    { name: 'bookings, date sort', path: `${bookings}?orderBy=createdAt:asc` },
  ];
}

type Run = {
  profile: Timing;
  cases: Map<string, CaseRun>;
  staticAlone?: Timing;
  staticDuringSearch?: Timing;
  searchAlone?: Timing;
};

async function measure(bench: BenchApp, entries: number, staticFile: boolean): Promise<Run> {
  const auth = { headers: { authorization: `Bearer ${bench.token}` } };
  const get = (url: string) => async () => {
    await nextTurn();
    const response = await bench.app.request(url, auth);
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  };
  const readProfile = get('/api/user/get-own-user');
  const profile = await underLoad(readProfile, 300);
  const cases = new Map<string, CaseRun>();
  for (const c of listCases(entries)) {
    const path = c.afterRow === undefined ? c.path : await cursorPath(bench, c.path, c.afterRow);
    cases.set(c.name, await caseAgainstProfile(get(path), readProfile));
  }
  if (!staticFile) return { profile, cases };

  // PGlite runs its queries on the server's own thread: how long a static file waits while five
  // clients search the CS list, against the file alone and against one search on its own.
  const file = async () => {
    await nextTurn();
    return (await bench.app.request('/robots-bench.txt')).arrayBuffer();
  };
  const search = get(`/api/cs-lab/get-all?search=SC-${Math.ceil(entries / 3)}`);
  const staticAlone = await underLoad(file, 200, 5);
  const searchAlone = await underLoad(search, 20, 1);
  let searching = true;
  const searchers = Array.from({ length: 5 }, async () => {
    while (searching) await search();
  });
  const staticDuringSearch = await underLoad(file, 100, 5);
  searching = false;
  await Promise.all(searchers);
  return { profile, cases, staticAlone, staticDuringSearch, searchAlone };
}

/**
 * The page after row `afterRow` of a list, reached by the cursor a list walk would hold there (the
 * cursor is taken from one row at that offset; a list shorter than that gives its last page's).
 */
async function cursorPath(bench: BenchApp, list: string, afterRow: number): Promise<string> {
  const auth = { headers: { authorization: `Bearer ${bench.token}` } };
  const read = async (query: string) => {
    const response = await bench.app.request(`${list}?${query}`, auth);
    return ((await response.json()) as { data: { total: number; nextCursor: string | null } }).data;
  };
  let at = await read(`limit=1&offset=${afterRow - 1}`);
  if (!at.nextCursor) {
    const { total } = await read('limit=1');
    at = await read(`limit=1&offset=${Math.max(0, total - 21)}`);
  }
  return `${list}?limit=20&cursor=${at.nextCursor}`;
}

async function runOn(kind: 'PGlite' | 'PostgreSQL', entries: number, postgresUrl?: string): Promise<Run> {
  const staticDir = mkdtempSync(path.join(tmpdir(), 'isotope-bench-static-'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Isotope Lab</title>');
  writeFileSync(path.join(staticDir, 'robots-bench.txt'), 'User-agent: *\nAllow: /\n');
  // Loading 100,000 entries into their trigram indexes can outlast a request's statement timeout on a
  // busy machine: the bench's server gets a long one (the list timings are far below either).
  const bench = await openBenchApp({
    postgresUrl,
    name: `scale_${entries}`,
    env: { STATIC_DIR: staticDir, DATABASE_STATEMENT_TIMEOUT_MS: '600000' },
  });
  try {
    const started = performance.now();
    await loadLaboratory(bench.database, entries);
    process.stdout.write(
      `  ${kind}: ${entries.toLocaleString('en')} entries loaded in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    );
    return await measure(bench, entries, kind === 'PGlite');
  } finally {
    await bench.close();
    rmSync(staticDir, { recursive: true, force: true });
  }
}

function rowsFor(kind: 'PGlite' | 'PostgreSQL', entries: number, small: Run, large: Run): BenchRow[] {
  const goals = kind === 'PostgreSQL';
  const size = entries.toLocaleString('en');
  const rows: BenchRow[] = [];
  for (const [name, { timing, profile }] of large.cases) {
    const before = small.cases.get(name)!;
    rows.push(
      {
        name: `${kind} ${size}: ${name}, p50`,
        baseline: { label: 'profile read p50', value: profile.p50 },
        value: timing.p50,
        unit: 'ms',
        targetRatio: goals ? 5 : undefined,
      },
      {
        name: `${kind} ${size}: ${name}, p99`,
        baseline: { label: 'profile read p99', value: profile.p99 },
        value: timing.p99,
        unit: 'ms',
        targetRatio: goals ? 10 : undefined,
      },
      {
        // Each side against the profile read just before it, so a busier machine does not read as growth.
        name: `${kind} ${name}: growth ${SMALL.toLocaleString('en')} → ${size}`,
        baseline: { label: `at ${SMALL.toLocaleString('en')}`, value: before.timing.p50 / before.profile.p50 },
        value: timing.p50 / profile.p50,
        unit: '× profile',
        targetRatio: goals ? 1.5 : undefined,
      },
    );
  }
  if (large.staticAlone && large.staticDuringSearch && large.searchAlone) {
    rows.push(
      {
        name: `${kind} ${size}: static file p50 while 5 clients search`,
        baseline: { label: 'the file alone', value: large.staticAlone.p50 },
        value: large.staticDuringSearch.p50,
        unit: 'ms',
      },
      {
        name: `${kind} ${size}: static file p99 while 5 clients search`,
        baseline: { label: 'one search on its own, p50', value: large.searchAlone.p50 },
        value: large.staticDuringSearch.p99,
        unit: 'ms',
        targetRatio: 1,
      },
    );
  }
  return rows;
}

export async function benchListsAtScale(entries: number): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  // PostgreSQL first: its figures are the goals'.
  const targets: ['PGlite' | 'PostgreSQL', string | undefined][] = [['PGlite', undefined]];
  if (process.env.TEST_DATABASE_URL) targets.unshift(['PostgreSQL', process.env.TEST_DATABASE_URL]);
  // SCALE_DATABASES=postgres (or pglite) runs one of the two.
  const only = process.env.SCALE_DATABASES?.toLowerCase();
  const chosen = only ? targets.filter(([kind]) => kind.toLowerCase().startsWith(only)) : targets;
  for (const [kind, url] of chosen) {
    const small = await runOn(kind, SMALL, url);
    const large = await runOn(kind, entries, url);
    rows.push({
      name: `${kind}: signed-in profile read p50, ${entries.toLocaleString('en')} entries`,
      baseline: { label: `at ${SMALL.toLocaleString('en')}`, value: small.profile.p50 },
      value: large.profile.p50,
      unit: 'ms',
    });
    rows.push(...rowsFor(kind, entries, small, large));
  }
  return rows;
}
