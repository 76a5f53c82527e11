import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idflNumberOf, loadLaboratory } from '../../../bench/scale/laboratory.ts';
import { pageStatement, TOTAL_COUNT_MARGIN } from '../../../src/server/db/list-page.ts';
import { sampleListQueries } from '../../../src/server/services/samples/sample-lists.ts';
import { useTestApp } from '../support/test-app.ts';

// A list's `total` (src/server/db/list-page.ts) is what counting its matching rows from the start
// gives, capped at offset + limit + the margin, whichever page is read: a page by offset counts only
// what lies after it, a short page counts nothing, and neither may change the answer.

const t = useTestApp();

const LISTS = [
  '/api/cs-lab/get-all',
  '/api/cs-lab/get-all?status=ResultConfirmed',
  '/api/tester-lab/get-all',
  '/api/supervisor-lab/get-all?IDFLNumber=IDFL-00001',
  '/api/third-lab/get-all',
  '/api/bookings/find-all',
  '/api/bookings/find-all?status=Confirmed',
];

const withQuery = (list: string, query: string) => `${list}${list.includes('?') ? '&' : '?'}${query}`;

/** How many rows the list holds, by walking it whole by cursor. */
async function rowsOf(token: string, list: string): Promise<number> {
  let rows = 0;
  let cursor: string | null = null;
  do {
    const res = await t.request('GET', withQuery(list, `limit=500${cursor ? `&cursor=${cursor}` : ''}`), { token });
    rows += res.body.data.items.length;
    cursor = res.body.data.nextCursor;
  } while (cursor);
  return rows;
}

describe('[LISTS] totals', () => {
  it('answers the same capped total on every page, whether or not the page is full', { timeout: 120_000 }, async () => {
    await loadLaboratory(t.database, 2_600);
    const admin = await t.signInAsAdmin();
    for (const list of LISTS) {
      const rows = await rowsOf(admin, list);
      const limit = 20;
      const offsets = [0, 40, rows - limit - TOTAL_COUNT_MARGIN, rows - limit - TOTAL_COUNT_MARGIN + 1, rows - 25];
      offsets.push(rows - limit, rows - 5, rows, rows + 30);
      for (const offset of new Set(offsets.filter((o) => o >= 0))) {
        const res = await t.request('GET', withQuery(list, `limit=${limit}&offset=${offset}`), { token: admin });
        const cap = offset + limit + TOTAL_COUNT_MARGIN;
        const expected = { total: Math.min(rows, cap), totalCapped: rows >= cap };
        const { total, totalCapped } = res.body.data;
        expect({ list, offset, total, totalCapped }).toEqual({ list, offset, ...expected });
      }
    }
  });
});

describe('[LISTS] a page and its total in one statement', () => {
  /** How the page's statement ran: EXPLAIN ANALYZE, the count's lines after its InitPlan. */
  async function countRun(filters: Record<string, unknown>): Promise<string> {
    const statement = pageStatement(
      sampleListQueries(t.database.db, { limit: 20, offset: 0, timeZone: 'Asia/Ho_Chi_Minh', ...filters }),
    );
    const result = (await t.database.db.execute(
      sql`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ${statement.getSQL()}`,
    )) as unknown as { rows: Record<string, string>[] } | Record<string, string>[];
    const lines = (Array.isArray(result) ? result : result.rows).map((row) => Object.values(row)[0]!);
    const initPlan = lines.findIndex((line) => line.includes('InitPlan'));
    expect(initPlan, lines.join('\n')).toBeGreaterThanOrEqual(0);
    return lines[initPlan + 1]!;
  }

  it('counts the total of a full page with the page, and of a page that is not full not at all', async () => {
    await loadLaboratory(t.database, 300);
    expect(await countRun({})).toMatch(/Aggregate \(actual rows=1(\.00)? loops=1\)/);
    expect(await countRun({ IDFLNumber: idflNumberOf(150) })).toMatch(/Aggregate \(never executed\)/);
  });
});
