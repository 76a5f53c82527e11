import { and, eq, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DATE_ONLY } from '../../shared/dates.ts';
import { endOfLabDay, momentOfBound, startOfLabDay } from '../lab-time.ts';

// Filter conditions every list shares: a date-only bound covers its whole day, the laboratory's
// (LAB_TIME_ZONE: `receivedFromDate=2026-12-02` starts at its midnight there), and a user filter
// takes an id, a username or a display name.

/** From a date: that laboratory day's start when only a day is given. */
export function fromDateCondition(column: AnyPgColumn, value: string | undefined, timeZone: string): SQL | undefined {
  if (!value) return undefined;
  return gte(column, momentOfBound(value, timeZone));
}

/** Up to a date: the whole of that laboratory day when only a day is given. */
export function toDateCondition(column: AnyPgColumn, value: string | undefined, timeZone: string): SQL | undefined {
  if (!value) return undefined;
  if (DATE_ONLY.test(value)) return lt(column, endOfLabDay(value, timeZone));
  return lte(column, new Date(value));
}

/** On a laboratory day (a date-only filter such as sentToThirdLabDate; a date-time names its day). */
export function onDayCondition(column: AnyPgColumn, value: string | undefined, timeZone: string): SQL | undefined {
  if (!value) return undefined;
  const day = value.slice(0, 10);
  if (!DATE_ONLY.test(day) || Number.isNaN(new Date(day).getTime())) return undefined;
  return and(gte(column, startOfLabDay(day, timeZone)), lt(column, endOfLabDay(day, timeZone)));
}

/** A user filter takes an id, a username or a display name. */
export function userCondition(column: AnyPgColumn, value: string | undefined): SQL | undefined {
  if (!value) return undefined;
  // The subquery names its own table in full, so the outer column can never be captured by it.
  const byName = sql`${column} IN (SELECT staff.id FROM app_user AS staff WHERE lower(staff.username) = lower(${value}) OR lower(staff.display_name) = lower(${value}))`;
  const isId = /^\d{1,9}$/.test(value);
  return isId ? or(eq(column, Number(value)), byName) : byName;
}
