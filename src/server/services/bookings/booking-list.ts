/** The booking list: its filters, sort and search, and the capped count the list shows. */
import { and, count, eq, gte, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { afterCursor, cursorKeys, orderByKeys, type ListOrder } from '../../db/keyset.ts';
import { containing, matchedFirst, parseSort } from '../../db/queries.ts';
import { matchingRows, readListPage } from '../../db/list-page.ts';
import { booking, bookingSampleType } from '../../db/schema.ts';

type BookingStatus = (typeof booking.status.enumValues)[number];

export type BookingListFilters = {
  status?: BookingStatus;
  bookingNumber?: string;
  applicantContactPerson?: string;
  search?: string;
  orderBy?: string;
  updatedSince?: Date;
  /** Keyset paging (db/keyset.ts): the page after the row of a previous page's nextCursor. */
  cursor?: string;
  limit: number;
  offset: number;
};

/** Sortable columns of the booking list, by the names the API uses. */
export const bookingOrderColumns = {
  createdAt: booking.createdAt,
  updatedAt: booking.updatedAt,
  bookingNumber: booking.bookingNumber,
  applicantCompany: booking.applicantCompany,
  applicantContactPerson: booking.applicantContactPerson,
  email: booking.email,
  samplePreparedDate: booking.samplePreparedDate,
  status: booking.status,
} as const;

/** The list's sort (queries.ts parseSort), or the fallback when none is asked for. */
export function parseOrderBy<K extends string>(
  orderBy: string | undefined,
  allowed: readonly K[],
  fallback: { field: K; direction: 'asc' | 'desc' },
): { field: K; direction: 'asc' | 'desc' } {
  return parseSort(orderBy, allowed) ?? fallback;
}

export async function listBookings(db: Executor, filters: BookingListFilters) {
  const queries = bookingListQueries(db, filters);
  const { rows, ...counted } = await readListPage(db, queries);
  const items = rows.map(({ cursorKeys: _keys, listTotal: _total, ...item }) => item);
  const typeCounts = items.length
    ? await db
        .select({ bookingId: bookingSampleType.bookingId, count: count() })
        .from(bookingSampleType)
        .where(
          inArray(
            bookingSampleType.bookingId,
            items.map((b) => b.id),
          ),
        )
        .groupBy(bookingSampleType.bookingId)
    : [];
  const countOf = new Map(typeCounts.map((t) => [t.bookingId, t.count]));
  return {
    items: items.map((item) => ({
      ...item,
      sampleTypeCount: countOf.get(item.id) ?? 0,
      createdAt: item.createdAt.toISOString(),
      updatedAt: item.updatedAt.toISOString(),
    })),
    ...counted,
    limit: filters.limit,
    offset: filters.offset,
  };
}

/** The booking list's page and its capped total (exported for tests/server/lists/list-plans). */
export function bookingListQueries(db: Executor, filters: BookingListFilters) {
  const order = parseOrderBy(
    filters.orderBy,
    Object.keys(bookingOrderColumns) as (keyof typeof bookingOrderColumns)[],
    {
      field: 'createdAt',
      direction: 'desc',
    },
  );
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(booking.status, filters.status));
  if (filters.bookingNumber) conditions.push(ilike(booking.bookingNumber, containing(filters.bookingNumber)));
  if (filters.applicantContactPerson)
    conditions.push(ilike(booking.applicantContactPerson, containing(filters.applicantContactPerson)));
  if (filters.updatedSince) conditions.push(gte(booking.updatedAt, filters.updatedSince));
  if (filters.search) {
    const pattern = containing(filters.search);
    conditions.push(
      or(
        ilike(booking.bookingNumber, pattern),
        ilike(booking.applicantCompany, pattern),
        ilike(booking.applicantContactPerson, pattern),
        ilike(booking.email, pattern),
      )!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const column = bookingOrderColumns[order.field];
  // The id breaks ties so that paging never repeats or skips a row.
  const keyset = {
    name: `${order.field}:${order.direction}`,
    keys: [
      { column, direction: order.direction },
      { column: booking.id, direction: order.direction },
    ],
  } satisfies ListOrder;
  const orderBy = orderByKeys(keyset);
  const after = afterCursor(keyset, filters.cursor);
  // The page's ids first (a far page skips index entries, not rows), then its rows, and the sample
  // types counted for those rows alone: no count per row skipped.
  // With a "contains" filter the matching bookings are found first (queries.ts matchedFirst).
  const textFilter = filters.bookingNumber || filters.applicantContactPerson || filters.search;
  const matched = textFilter ? matchedFirst(db, booking, where, [booking.id, column]) : undefined;
  const pageIds = (
    matched
      ? db
          .select({ id: sql<number>`"booking"."id"` })
          .from(matched.rows)
          .where(after)
      : db.select({ id: booking.id }).from(booking).where(and(where, after))
  )
    .orderBy(...orderBy)
    .limit(filters.limit)
    .offset(filters.offset);
  return {
    order: keyset,
    page: (listTotal: SQL<number | null>) =>
      (matched ? db.with(matched.cte) : db)
        .select({
          id: booking.id,
          bookingNumber: booking.bookingNumber,
          applicantContactPerson: booking.applicantContactPerson,
          applicantCompany: booking.applicantCompany,
          email: booking.email,
          telephone: booking.telephone,
          registration: booking.isAgreeRegistration,
          samplePreparedDate: booking.samplePreparedDate,
          rushService: booking.rushService,
          status: booking.status,
          createdAt: booking.createdAt,
          updatedAt: booking.updatedAt,
          cursorKeys: cursorKeys(keyset),
          listTotal,
        })
        .from(booking)
        .where(inArray(booking.id, pageIds))
        .orderBy(...orderBy),
    matching: matched
      ? matchingRows((columns) => db.select(columns).from(matched.rows), undefined)
      : matchingRows((columns) => db.select(columns).from(booking), where),
    matched: matched?.cte,
    paging: filters,
  };
}
