import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { DATE_ONLY } from '../shared/dates.ts';
import { dayInTimeZone } from '../shared/display-date.ts';

// A day the laboratory names ("received on 2 December") is its own calendar day, from its midnight
// to its next midnight in LAB_TIME_ZONE, not UTC's. Every filter and period on a date-only bound
// turns it into moments here, with the zone database's offsets (summer time included).
dayjs.extend(utc);
dayjs.extend(timezone);

/** The moment a laboratory day (`YYYY-MM-DD`) begins. */
export function startOfLabDay(day: string, timeZone: string): Date {
  return dayjs.tz(day, timeZone).toDate();
}

/**
 * The moment after a laboratory day ends: the next day's start, found from the next calendar date
 * (adding 24 hours would miss by an hour on a day the clocks change).
 */
export function endOfLabDay(day: string, timeZone: string): Date {
  const next = dayjs.utc(day).add(1, 'day').format('YYYY-MM-DD');
  return startOfLabDay(next, timeZone);
}

/** A bound as given: a date-only one is that laboratory day's start, a date-time the moment itself. */
export function momentOfBound(value: string, timeZone: string): Date {
  return DATE_ONLY.test(value) ? startOfLabDay(value, timeZone) : new Date(value);
}

/** Today as the laboratory names it: which reference value is in force, which runs count. */
export function labToday(timeZone: string): string {
  return dayInTimeZone(new Date(), timeZone);
}
