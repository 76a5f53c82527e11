import { and, sql, type SQL, type SQLWrapper, type WithSubquery } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { afterCursor, nextCursorOf, type ListOrder } from './keyset.ts';
import type { Paging } from './queries.ts';

// A list's page with its `total` and `nextCursor`, for every list that pages (the bench lists and
// the booking list): one rule for how much a page counts.

/**
 * Rows a list counts beyond the page it shows. A list's `total` is exact while fewer rows than
 * offset + limit + this match (any selective filter); past that it is that lower bound and
 * `totalCapped` is true, so a page never costs a count of the whole table. The cap
 * moves with the offset: a pager walking forward always knows there is a next page.
 */
export const TOTAL_COUNT_MARGIN = 1_000;

export type ListTotal = { total: number; totalCapped: boolean };

/**
 * A select of the list's matching rows, narrowed by `after` (the rows after one row in the list's
 * order) when given, and limited to `cap` rows: what the list's total counts.
 */
export type MatchingRows = (after: SQL | undefined, cap: number) => SQLWrapper;

/** A list's select of rows, before its filter: what `matchingRows` narrows. */
type FilterableSelect = { where: (condition: SQL | undefined) => { limit: (rows: number) => SQLWrapper } };

/**
 * The one rule for the rows a list's total counts: the rows `select` reads (one constant column
 * each: a count needs no row's values) that meet the list's filter `where` and, for a far page, lie
 * after its last row, at most `cap` of them. Every paged list passes its own as `matching`.
 */
export function matchingRows(
  select: (columns: { one: SQL }) => FilterableSelect,
  where: SQL | undefined,
): MatchingRows {
  return (after, cap) =>
    select({ one: sql`1` })
      .where(and(where, after))
      .limit(cap);
}

/**
 * The capped count of `matching`'s rows, as the subquery a page's statement carries (totalColumn);
 * exported for the plan checks in tests.
 */
function countQuery(matching: MatchingRows, after: SQL | undefined, cap: number): SQL {
  return sql`SELECT count(*)::int AS total FROM ${matching(after, cap)} AS matching`;
}

/** The capped count of a list's matching rows as a statement of its own, with the CTE its rows read. */
export function countStatement(
  db: Executor,
  list: Pick<ListQueries<never>, 'matching' | 'matched'>,
  after: SQL | undefined,
  cap: number,
) {
  const statement = list.matched ? db.with(list.matched) : db;
  return statement.select({ total: sql<number>`count(*)::int` }).from(sql`${list.matching(after, cap)} AS matching`);
}

async function count(db: Executor, query: PromiseLike<{ total: number }[]>): Promise<number> {
  const rows = await query;
  return rows[0]?.total ?? 0;
}

/** What a list hands `readListPage`: its page, the rows its total counts, its order and paging. */
export type ListQueries<Row extends { cursorKeys: string }> = {
  /** The page's select, with `listTotal` (see totalColumn) as one more column of each row. */
  page: (listTotal: SQL<number | null>) => PromiseLike<(Row & { listTotal: number | null })[]> & SQLWrapper;
  matching: MatchingRows;
  /** The CTE of a "contains" filter's matches (queries.ts matchedFirst) that `matching` reads, if any. */
  matched?: WithSubquery;
  order: ListOrder;
  paging: Paging & { cursor?: string };
};

/**
 * The total a page carries in its own statement, so that a page and its count are one round trip.
 * A page by offset near the start counts only when it is full (a page that is not full ends the
 * list, and PostgreSQL runs the count, an InitPlan, only when the CASE reaches it); a page by
 * cursor always counts, from the list's start. A far page by offset counts after it is read (see
 * readListPage), so it carries no total.
 */
function totalColumn(list: Pick<ListQueries<never>, 'matching' | 'paging'>): SQL<number | null> {
  const { paging } = list;
  const counted = sql`(${countQuery(list.matching, undefined, totalCap(paging))})`;
  if (paging.cursor) return sql<number | null>`${counted}`;
  if (paging.offset >= TOTAL_COUNT_MARGIN) return sql<number | null>`NULL::int`;
  return sql<number | null>`CASE WHEN count(*) OVER () = ${paging.limit} THEN ${counted} END`;
}

/** The page's statement as readListPage runs it (exported for the plan checks in tests). */
export function pageStatement<Row extends { cursorKeys: string }>(list: ListQueries<Row>) {
  return list.page(totalColumn(list));
}

const totalCap = (paging: Paging) => paging.offset + paging.limit + TOTAL_COUNT_MARGIN;

/**
 * The page, and only as much counting as its total needs. Near the start, the page's own statement
 * counts (totalColumn). A page reached by offset that is not full ends the list: its total is the
 * offset and its rows, with nothing to count. A full page far down (offset past the margin) counts
 * only the rows after its last row, up to the margin, from there in the list's own index: the
 * `offset` rows before it are known to be there, and counting them again would walk the skipped
 * rows a second time. The total is the same as counting the list from its start up to offset +
 * limit + the margin. Nearer the start that count is as short either way, and the plain count keeps
 * the plans tests/server/lists/list-plans.test.ts checks (an "after this row" condition can turn a
 * filtered count from an index walk into a scan). A page that is empty past the list's end, or at a
 * cursor after its last row, does not know the rows before it, and counts the list from its start.
 * Each row keeps its `listTotal` column; the list drops it with `cursorKeys`.
 */
export async function readListPage<Row extends { cursorKeys: string }>(
  db: Executor,
  list: ListQueries<Row>,
): Promise<ListTotal & { rows: (Row & { listTotal: number | null })[]; nextCursor: string | null }> {
  const { paging, order } = list;
  const rows = await pageStatement(list);
  const full = rows.length === paging.limit;
  const nextCursor = nextCursorOf(order, rows.at(-1)?.cursorKeys, full);
  const cap = totalCap(paging);
  const counted = rows[0]?.listTotal ?? null;
  if (counted !== null) return { rows, nextCursor, total: counted, totalCapped: counted >= cap };
  const byOffset = !paging.cursor;
  if (byOffset && !full && (rows.length > 0 || paging.offset === 0))
    return { rows, nextCursor, total: paging.offset + rows.length, totalCapped: false };
  if (byOffset && full && nextCursor && paging.offset >= TOTAL_COUNT_MARGIN) {
    const beyond = await count(db, countStatement(db, list, afterCursor(order, nextCursor), TOTAL_COUNT_MARGIN));
    return {
      rows,
      nextCursor,
      total: paging.offset + rows.length + beyond,
      totalCapped: beyond >= TOTAL_COUNT_MARGIN,
    };
  }
  const total = await count(db, countStatement(db, list, undefined, cap));
  return { rows, nextCursor, total, totalCapped: total >= cap };
}
