import { labTimeZone } from '@/app/lib/words/lab-time-zone';
import { formatDayInTimeZone, formatInTimeZone } from '@/shared/display-date';

/**
 * How a date is shown: `D MMMM YYYY` ("21 November 2026", "21 tháng 11 2026")
 * in the interface language. Apart from the date picker, so a list that only shows dates starts
 * without the picker, its calendar and popover; and without dayjs, so the order form starts without
 * it. Every screen shows a date through here, in the laboratory's time zone (lib/words/lab-time-zone.ts),
 * whatever the browser's: a calendar date as that day, a moment as the laboratory's day or time.
 * The rule itself is shared with the documents the server prints (shared/display-date.ts).
 */
export { monthNamesOf } from '@/shared/display-date';

/** A calendar date, or a moment's day at the laboratory, as shown; blank for none. */
export const formatDisplayDate = (value: string | null | undefined, language = 'en') =>
  formatDayInTimeZone(value, language, labTimeZone());

/** A moment at the laboratory as `D MMMM YYYY HH:mm`; blank for none. */
export const formatMoment = (value: string | null | undefined, language = 'en') =>
  formatInTimeZone(value, language, labTimeZone());
