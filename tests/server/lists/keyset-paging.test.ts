import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadLaboratory } from '../../../bench/scale/laboratory.ts';
import { useTestApp } from '../support/test-app.ts';

// Keyset paging (src/server/db/keyset.ts): a list walked by `cursor` answers every row exactly once,
// in the order the same list answers in one page, also where rows share their sort values (to the
// microsecond), where a sort value is missing, and in an order of mixed directions.

const t = useTestApp();

const LISTS = [
  '/api/cs-lab/get-all',
  '/api/tester-lab/get-all',
  '/api/supervisor-lab/get-all',
  '/api/third-lab/get-all',
  '/api/bookings/find-all',
];

/** A laboratory whose sort keys tie in groups, with some received dates missing. */
async function loadTiedLaboratory() {
  await loadLaboratory(t.database, 240);
  await t.database.db.execute(sql`
    UPDATE sample_entry SET updated_at = timestamptz '2026-01-02 03:04:05.123456+00' + (id % 4) * interval '1 microsecond',
      received_date = CASE WHEN id % 9 = 0 THEN NULL ELSE timestamptz '2025-06-01' + (id % 5) * interval '1 day' END`);
  await t.database.db.execute(sql`
    UPDATE third_lab_entry SET sent_date = timestamptz '2026-01-01 00:00:00.000001+00' + (id % 3) * interval '1 microsecond'`);
  await t.database.db.execute(sql`
    UPDATE booking SET created_at = timestamptz '2026-01-01 00:00:00.5+00' + (id % 2) * interval '1 microsecond'`);
}

type Page = { items: { id: number; thirdLabEntry?: { id: number } }[]; nextCursor: string | null; total: number };

const rowKey = (item: Page['items'][number]) => `${item.id}/${item.thirdLabEntry?.id ?? ''}`;

async function walk(token: string, path: string, query: string, limit: number): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 1_000; pages++) {
    const url = `${path}?limit=${limit}${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await t.request('GET', url, { token });
    expect([url, res.status]).toEqual([url, 200]);
    const page = res.body.data as Page;
    seen.push(...page.items.map(rowKey));
    if (!page.nextCursor) return seen;
    cursor = page.nextCursor;
  }
  throw new Error(`${path} never reached its last page`);
}

describe('[LISTS] keyset paging', () => {
  it('walks every list by cursor: each row once, in the order of one whole page', { timeout: 240_000 }, async () => {
    await loadTiedLaboratory();
    const admin = await t.signInAsAdmin();
    const orders = ['', '&orderBy=receivedDate:desc', '&orderBy=receivedDate:asc'];
    for (const path of LISTS) {
      for (const order of path.includes('bookings')
        ? ['', '&orderBy=createdAt:asc', '&orderBy=applicantCompany']
        : orders) {
        const whole = await t.request('GET', `${path}?limit=500${order}`, { token: admin });
        expect(whole.status).toBe(200);
        const expected = (whole.body.data as Page).items.map(rowKey);
        expect(expected.length, `${path}${order}`).toBeGreaterThan(20);
        expect(expected.length, `${path}${order} fits one page`).toBeLessThan(500);
        const walked = await walk(admin, path, order, 11);
        expect(walked, `${path}${order}`).toEqual(expected);
        expect(new Set(walked).size).toBe(walked.length);
      }
    }
  });

  it('walks a filtered list and a search by cursor too', async () => {
    await loadTiedLaboratory();
    const admin = await t.signInAsAdmin();
    for (const [path, query] of [
      ['/api/cs-lab/get-all', '&status=Completed'],
      ['/api/cs-lab/get-all', '&search=SC-1'],
      ['/api/third-lab/get-all', '&IDFLNumber=IDFL-00001'],
      ['/api/bookings/find-all', '&search=Acme'],
    ] as const) {
      const whole = await t.request('GET', `${path}?limit=500${query}`, { token: admin });
      const expected = (whole.body.data as Page).items.map(rowKey);
      expect(expected.length, `${path}${query}`).toBeGreaterThan(7);
      expect(await walk(admin, path, query, 5)).toEqual(expected);
    }
  });

  it('answers a cursor that is not one, or from another order, with a 400 naming cursor', async () => {
    await loadLaboratory(t.database, 100);
    const admin = await t.signInAsAdmin();
    for (const path of LISTS) {
      for (const garbage of ['not a cursor!', 'eyJ4IjoxfQ', 'W10', encodeURIComponent("' OR 1=1 --")]) {
        const res = await t.request('GET', `${path}?cursor=${garbage}`, { token: admin });
        expect([path, garbage, res.status]).toEqual([path, garbage, 400]);
        expect(res.body.errors, path).toHaveProperty('cursor');
      }
      const first = await t.request('GET', `${path}?limit=3`, { token: admin });
      const cursor = (first.body.data as Page).nextCursor!;
      expect(cursor).toEqual(expect.any(String));
      const elsewhere = await t.request('GET', `${path}?limit=3&orderBy=updatedAt:asc&cursor=${cursor}`, {
        token: admin,
      });
      expect([path, elsewhere.status]).toEqual([path, 400]);
      expect(elsewhere.body.errors).toHaveProperty('cursor');
      expect(elsewhere.body.code).toBe('badCursor');
      // A cursor of the right order whose values are of the wrong type: a 400, never the database's error.
      const [order, ...values] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
      for (const wrong of ['yesterday', 'x', 1.5, null]) {
        const forged = Buffer.from(JSON.stringify([order, ...values.map(() => wrong)])).toString('base64url');
        const res = await t.request('GET', `${path}?limit=3&cursor=${forged}`, { token: admin });
        expect([path, wrong, res.status]).toEqual([path, wrong, 400]);
      }
    }
  });
});
