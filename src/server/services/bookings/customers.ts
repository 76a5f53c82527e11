import { asc, desc, sql, type Column, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { booking } from '../../db/schema.ts';
import { containing } from '../../db/queries.ts';
import { parseOrderBy } from './booking-list.ts';

export type CustomerListFilters = { search?: string; orderBy?: string; limit: number; offset: number };

// A customer is a company that has booked, whatever the case it typed its name in; its contact
// details are those of its latest booking.
const companyKey = sql`lower(${booking.applicantCompany})`;
const latest = (column: SQL | Column) =>
  sql<string>`(array_agg(${column} ORDER BY ${booking.createdAt} DESC, ${booking.id} DESC))[1]`;

const bookingCount = sql<number>`count(*)`.mapWith(Number);
const lastBookingAt = sql<Date>`max(${booking.createdAt})`.mapWith(booking.createdAt);
const company = latest(booking.applicantCompany);

const customerOrderColumns = {
  company: sql`lower(${latest(booking.applicantCompany)})`,
  bookingCount: sql`count(*)`,
  lastBookingAt: sql`max(${booking.createdAt})`,
} as const;

export async function listCustomers(db: Executor, filters: CustomerListFilters) {
  const order = parseOrderBy(
    filters.orderBy,
    Object.keys(customerOrderColumns) as (keyof typeof customerOrderColumns)[],
    {
      field: 'lastBookingAt',
      direction: 'desc',
    },
  );
  // A company matches when any of its bookings does, so an old contact's e-mail still finds it.
  const pattern = filters.search ? containing(filters.search) : undefined;
  const having = pattern
    ? sql`bool_or(${booking.applicantCompany} ILIKE ${pattern} OR ${booking.applicantContactPerson} ILIKE ${pattern} OR ${booking.email} ILIKE ${pattern} OR ${booking.telephone} ILIKE ${pattern})`
    : undefined;
  const column = customerOrderColumns[order.field];

  const items = await db
    .select({
      company,
      contactPerson: latest(booking.applicantContactPerson),
      email: latest(booking.email),
      telephone: latest(booking.telephone),
      cityStateCountry: latest(booking.cityStateCountry),
      bookingCount,
      lastBookingAt,
    })
    .from(booking)
    .groupBy(companyKey)
    .having(having)
    .orderBy(order.direction === 'asc' ? asc(column) : desc(column), asc(companyKey))
    .limit(filters.limit)
    .offset(filters.offset);

  const groups = db
    .select({ key: companyKey.as('key') })
    .from(booking)
    .groupBy(companyKey)
    .having(having)
    .as('groups');
  const [counted] = await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(groups);
  return {
    items: items.map((item) => ({ ...item, lastBookingAt: item.lastBookingAt.toISOString() })),
    total: counted?.total ?? 0,
    limit: filters.limit,
    offset: filters.offset,
  };
}
