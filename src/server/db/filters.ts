import { and, eq, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DATE_ONLY, DAY_MS } from '../../shared/dates.ts';

// Filter conditions every list shares: a date-only bound covers its whole day, and a user filter
// takes an id, a username or a display name.

/** From a date: that day's start when only a day is given. */
export function fromDateCondition(column: AnyPgColumn, value: string | undefined): SQL | undefined {
  if (!value) return undefined;
  return gte(column, new Date(value));
}

/** Up to a date: the whole of that day when only a day is given. */
export function toDateCondition(column: AnyPgColumn, value: string | undefined): SQL | undefined {
  if (!value) return undefined;
  if (DATE_ONLY.test(value)) return lt(column, new Date(new Date(value).getTime() + DAY_MS));
  return lte(column, new Date(value));
}

/** On a day (a date-only filter such as sentToThirdLabDate). */
export function onDayCondition(column: AnyPgColumn, value: string | undefined): SQL | undefined {
  if (!value) return undefined;
  const start = new Date(DATE_ONLY.test(value) ? value : value.slice(0, 10));
  if (Number.isNaN(start.getTime())) return undefined;
  return and(gte(column, start), lt(column, new Date(start.getTime() + DAY_MS)));
}

/** A user filter takes an id, a username or a display name. */
export function userCondition(column: AnyPgColumn, value: string | undefined): SQL | undefined {
  if (!value) return undefined;
  // The subquery names its own table in full, so the outer column can never be captured by it.
  const byName = sql`${column} IN (SELECT staff.id FROM app_user AS staff WHERE lower(staff.username) = lower(${value}) OR lower(staff.display_name) = lower(${value}))`;
  const isId = /^\d{1,9}$/.test(value);
  return isId ? or(eq(column, Number(value)), byName) : byName;
}
