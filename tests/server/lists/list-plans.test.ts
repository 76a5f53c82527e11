import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookingNumberOf, idflNumberOf, loadLaboratory } from '../../../bench/scale/laboratory.ts';
import { afterCursor } from '../../../src/server/db/keyset.ts';
import {
  countStatement,
  pageStatement,
  TOTAL_COUNT_MARGIN,
  type ListQueries,
} from '../../../src/server/db/list-page.ts';
import { bookingListQueries, listBookings } from '../../../src/server/services/bookings/booking-list.ts';
import { listSampleEntries, sampleListQueries } from '../../../src/server/services/samples/sample-lists.ts';
import { benchStatuses } from '../../../src/shared/workflow/benches.ts';
import { listThirdLabSamples, thirdLabListQueries } from '../../../src/server/services/samples/third-lab-list.ts';
import { useTestApp } from '../support/test-app.ts';

// Every bench list and the booking list read through their indexes at the scale of a laboratory's
// history: EXPLAIN after ANALYZE on 30,000 entries, on PGlite and on PostgreSQL
// (TEST_DB=postgres). Dropping one of the list indexes turns a plan here into a sequential scan.

const t = useTestApp();
const ENTRIES = 30_000;
const LARGE_TABLES = /Seq Scan on (sample_entry|booking|third_lab_entry|booking_sample_type)\b/;

async function plan(query: SQL | { getSQL: () => SQL }): Promise<string> {
  const text = 'getSQL' in query ? query.getSQL() : query;
  const result = (await t.database.db.execute(sql`EXPLAIN ${text}`)) as unknown as
    { rows: Record<string, string>[] } | Record<string, string>[];
  const rows = Array.isArray(result) ? result : result.rows;
  return rows.map((r) => Object.values(r)[0]).join('\n');
}

/**
 * The plan's lines that scan a large table whole. An unfiltered scan right under a Limit is not one:
 * it stops after that many rows (a capped total with no filter counts its first rows, in any order).
 */
function wholeScans(text: string): string[] {
  const lines = text.split('\n');
  return lines.filter((line, at) => {
    if (!LARGE_TABLES.test(line)) return false;
    const bounded = /^\s*(->\s+)?Limit\b/.test(lines[at - 1] ?? '') && !/^\s*Filter:/.test(lines[at + 1] ?? '');
    return !bounded;
  });
}

/**
 * The page (with the total it counts in its own statement) and the total of one list call: no
 * sequential scan of a large table, no per-row subquery.
 */
async function expectIndexed(queries: ListQueries<{ cursorKeys: string }>, index?: string) {
  const page = await plan(pageStatement(queries));
  const total = await plan(countStatement(t.database.db, queries, undefined, 20 + TOTAL_COUNT_MARGIN));
  for (const text of [page, total]) {
    expect(wholeScans(text)).toEqual([]);
    expect(text).not.toContain('SubPlan');
  }
  if (index) expect(page).toContain(index);
  return { page, total };
}

const paging = (offset = 0) => ({ limit: 20, offset, timeZone: 'Asia/Ho_Chi_Minh' });

describe('[LISTS] plans at scale', () => {
  it('reads every case of every list through an index', { timeout: 300_000 }, async () => {
    await loadLaboratory(t.database, ENTRIES);
    const db = t.database.db;
    const idfl = idflNumberOf(ENTRIES / 2);

    for (const [scope, ordered] of [
      [undefined, 'sample_entry_updated'],
      [[...benchStatuses.tester], 'sample_entry_tester_updated'],
      [[...benchStatuses.supervisor], 'sample_entry_supervisor_updated'],
    ] as const) {
      const list = (filters: Record<string, unknown>) =>
        sampleListQueries(db, { ...paging(), status: scope ? [...scope] : undefined, ...filters });
      await expectIndexed(list({}), ordered);
      // A far page walks the bench's own index, testing no status on the way.
      const far = await expectIndexed(list(paging(10_000)), ordered);
      expect(far.page).not.toMatch(/Filter: .*status/);
      expectIdflLookup((await expectIndexed(list({ IDFLNumber: idfl }), 'sample_entry_search')).page, idfl);
      await expectIndexed(list({ search: `SC-${ENTRIES / 2}` }), 'sample_entry_search');
      await expectIndexed(list({ status: ['ResultReturned'] }), 'sample_entry_status_updated');
      await expectIndexed(list({ orderBy: 'receivedDate:desc' }), 'sample_entry_received');
    }

    const thirdLab = (filters: Record<string, unknown>) =>
      thirdLabListQueries(db, { ...paging(), status: [...benchStatuses.thirdLab], ...filters });
    await expectIndexed(thirdLab({}), 'third_lab_entry_sent');
    // The whole bench's far page skips third-lab entries in their index alone, no sample read.
    const farPage = await expectIndexed(thirdLab(paging(10_000)), 'third_lab_entry_sent');
    expect(farPage.page.split('\n').filter((line) => /Scan .* on sample_entry\b/.test(line))).toHaveLength(1);
    expectIdflLookup((await expectIndexed(thirdLab({ IDFLNumber: idfl }), 'sample_entry_search')).page, idfl);
    await expectIndexed(thirdLab({ search: `SC-${ENTRIES / 2}` }), 'sample_entry_search');
    // One open stage of the third lab (a few hundred samples) is found through its status index;
    // PostgreSQL then hashes them against the third-lab entries rather than look each one up.
    expect(await plan(pageStatement(thirdLab({ status: ['ThirdLabConfirmed'] })))).toContain('sample_entry_open_since');
    await expectIndexed(thirdLab({ orderBy: 'receivedDate:desc' }));
    // A far page of two open stages counts the rows after its last one by looking up each matching
    // sample's entries, and where they fall in the order, in third_lab_entry_sample alone: no hash
    // over every third-lab entry.
    const openStages = { status: ['ThirdLabConfirmed', 'ResultReturned'] };
    const { nextCursor } = await listThirdLabSamples(db, {
      limit: 1,
      offset: 100,
      timeZone: 'Asia/Ho_Chi_Minh',
      ...openStages,
    });
    const openQueries = thirdLab(openStages);
    const countAfter = await plan(
      countStatement(t.database.db, openQueries, afterCursor(openQueries.order, nextCursor!), TOTAL_COUNT_MARGIN),
    );
    expect(wholeScans(countAfter), countAfter).toEqual([]);
    expect(countAfter).toMatch(/Index Only Scan using third_lab_entry_sample on/);

    const bookings = (filters: Record<string, unknown>) => bookingListQueries(db, { ...paging(), ...filters });
    await expectIndexed(bookings({}), 'booking_created');
    await expectIndexed(bookings(paging(1_000)), 'booking_created');
    await expectIndexed(bookings({ bookingNumber: bookingNumberOf(ENTRIES / 10) }), 'booking_search');
    // A search over four columns of 6,000 bookings: PostgreSQL reads the small table rather than
    // four trigram indexes; the number filter above proves booking_search serves.
    expect(await plan(pageStatement(bookings({ search: `client${ENTRIES / 20}@` })))).not.toContain('SubPlan');
    await expectIndexed(bookings({ status: 'UnConfirmed' }));
    await expectIndexed(bookings({ orderBy: 'createdAt:asc' }), 'booking_created');
  });

  it(
    'starts a page deep in every list at its cursor: a range of the index, no skip, no sort of the set',
    { timeout: 300_000 },
    async () => {
      await loadLaboratory(t.database, ENTRIES);
      const db = t.database.db;
      // The cursor after row 10,000 of each list, as the list answers it.
      const deep = { limit: 1, offset: 9_999, timeZone: 'Asia/Ho_Chi_Minh' };
      for (const [scope, statuses, ordered] of [
        ['CS', undefined, 'sample_entry_updated'],
        ['tester', [...benchStatuses.tester], 'sample_entry_tester_updated'],
        ['supervisor', [...benchStatuses.supervisor], 'sample_entry_supervisor_updated'],
      ] as const) {
        const { nextCursor } = await listSampleEntries(db, { ...deep }, statuses);
        const queries = sampleListQueries(db, {
          ...paging(),
          status: statuses ? [...statuses] : undefined,
          cursor: nextCursor!,
        });
        const { page } = await expectIndexed(queries, ordered);
        expectKeysetRange(page, scope);
        await expectCountAfter(queries, nextCursor!, scope);
      }
      const thirdLab = await listThirdLabSamples(db, { ...deep });
      const thirdLabQueries = thirdLabListQueries(db, {
        ...paging(),
        status: [...benchStatuses.thirdLab],
        cursor: thirdLab.nextCursor!,
      });
      const { page: thirdLabPage } = await expectIndexed(thirdLabQueries, 'third_lab_entry_sent');
      expectKeysetRange(thirdLabPage, 'third lab');
      await expectCountAfter(thirdLabQueries, thirdLab.nextCursor!, 'third lab');
      const bookings = await listBookings(db, { limit: 1, offset: 4_999 });
      const bookingQueries = bookingListQueries(db, { ...paging(), cursor: bookings.nextCursor! });
      const { page: bookingPage } = await expectIndexed(bookingQueries, 'booking_created');
      expectKeysetRange(bookingPage, 'bookings');
      await expectCountAfter(bookingQueries, bookings.nextCursor!, 'bookings');
    },
  );
});

/**
 * An IDFL number is looked up in the trigram index without the `IDFL-` every number begins with
 * (whose trigrams are in every sample's postings), and the rows found are checked against it whole.
 */
function expectIdflLookup(page: string, idfl: string) {
  const rest = idfl.replace(/^IDFL-/, '');
  expect(page).toMatch(new RegExp(`Index Cond: \\(idfl_number ~~\\* '%${rest}%'`));
  expect(page).toMatch(new RegExp(`Filter: \\(.*idfl_number ~~\\* '%${idfl}%'`));
}

/**
 * A full page reached by offset counts only the rows after its last one (db/list-page.ts): that
 * count, too, starts at the row in the list's index and reads no further than its margin.
 */
async function expectCountAfter(queries: ListQueries<{ cursorKeys: string }>, cursor: string, list: string) {
  const text = await plan(
    countStatement(t.database.db, queries, afterCursor(queries.order, cursor), TOTAL_COUNT_MARGIN),
  );
  expect(wholeScans(text), `${list}:\n${text}`).toEqual([]);
  expect(text, list).toMatch(/Index Cond: \(+ROW\(/);
}

/**
 * The page's ids are read from an index range that starts at the cursor (a row comparison in the
 * index condition, alone or beside the list's status filter) and stop after the page: nothing before the cursor is read, and the only sort
 * is of the page's own rows or of the ties of an index's leading keys.
 */
function expectKeysetRange(page: string, list: string) {
  expect(page, list).toMatch(/Index Cond: \(+ROW\(/);
  // A full sort (not an incremental one over an index's order) only of the page's own rows.
  const sorts = page.split('\n').filter((line) => /(?<!Incremental )Sort {2}\(cost/.test(line));
  for (const line of sorts) expect(line, `${list}:\n${page}`).toMatch(/rows=\d{1,2}\b/);
}
