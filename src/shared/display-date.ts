// How a calendar date and a moment are shown, wherever they are: the app's
// screens (components/ui/display-date.ts re-exports this) and the documents the server prints (the
// custody record), so a date reads the same on the screen and on paper. No imports, so the order
// form and the lists start without dayjs.

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const languageOf = (language: string): 'en' | 'vi' => (language === 'vi' ? 'vi' : 'en');

/**
 * The twelve month names as a date names them in each language ("November", "tháng 11"): the month
 * part of a whole date, so Vietnamese reads "tháng 11" as in a date, not the stand-alone "Tháng 11".
 * Written out rather than asked of the browser: building an `Intl.DateTimeFormat` loads its locale
 * data, about 65 ms of the order form's first render on Lighthouse's slowed-down phone, for twelve
 * words (tests/app/ui/display-date.test.ts holds them to the browser's own).
 */
const MONTH_NAMES: Record<'en' | 'vi', readonly string[]> = {
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  vi: Array.from({ length: 12 }, (_, month) => `tháng ${month + 1}`),
};

/** The twelve month names of `language` (English for any other). */
export function monthNamesOf(language: string): readonly string[] {
  return MONTH_NAMES[languageOf(language)];
}

/** A day by its numbers, in the shown form. */
function displayDateOf(year: number, monthIndex: number, day: number, language = 'en'): string {
  return `${day} ${monthNamesOf(language)[monthIndex]} ${String(year).padStart(4, '0')}`;
}

/** A calendar date (`YYYY-MM-DD`, or the date part of a date-time) as shown; blank for none. */
export function formatDisplayDate(value: string | null | undefined, language = 'en'): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.slice(0, 10));
  const month = Number(match?.[2]) - 1;
  if (!match || month < 0 || month > 11) return '';
  return displayDateOf(Number(match[1]), month, Number(match[3]), language);
}

const momentOf = (value: string | null | undefined) => {
  const moment = value ? new Date(value) : undefined;
  return moment && !Number.isNaN(moment.getTime()) ? moment : undefined;
};

// A formatter per time zone, made once: building one costs far more than using it, and a report
// file formats a date on every row.
const zoneFormatters = new Map<string, Intl.DateTimeFormat>();
function zoneParts(timeZone: string): Intl.DateTimeFormat {
  let formatter = zoneFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    zoneFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * A calendar date rather than a moment: a date alone (`2026-11-20`, a DATE column, a date someone
 * typed), or one stored as midnight UTC (a typed day kept in a date-time column). It stays that
 * day in every time zone, never shifted.
 */
const isCalendarDate = (value: string) => value.length <= 10 || /T00:00:00(\.000)?(Z|\+00:00)$/.test(value);

/** A moment's wall clock in a time zone, by its numbered parts. */
function wallClockParts(moment: Date, timeZone: string) {
  const parts = Object.fromEntries(
    zoneParts(timeZone)
      .formatToParts(moment)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: parts.hour ?? '00',
    minute: parts.minute ?? '00',
  };
}

/**
 * A moment as `D MMMM YYYY HH:mm` in a given time zone (the laboratory's, LAB_TIME_ZONE: a
 * document reads the same wherever it is read); a calendar date reads as that day.
 */
export function formatInTimeZone(value: string | null | undefined, language: string, timeZone: string): string {
  if (!value) return '';
  if (isCalendarDate(value)) return formatDisplayDate(value, language);
  const moment = momentOf(value);
  if (!moment) return '';
  const { year, month, day, hour, minute } = wallClockParts(moment, timeZone);
  return `${displayDateOf(year, month - 1, day, language)} ${hour}:${minute}`;
}

/** The day (`YYYY-MM-DD`) a moment falls on in a time zone; a calendar date as it is; blank for none. */
export function dayInTimeZone(value: string | Date | null | undefined, timeZone: string): string {
  if (!value) return '';
  const text = value instanceof Date ? value.toISOString() : value;
  if (isCalendarDate(text)) return DAY_PATTERN.test(text.slice(0, 10)) ? text.slice(0, 10) : '';
  const moment = momentOf(text);
  if (!moment) return '';
  const { year, month, day } = wallClockParts(moment, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A moment's day in a time zone, or a calendar date, as `D MMMM YYYY`; blank for none. */
export function formatDayInTimeZone(value: string | null | undefined, language: string, timeZone: string): string {
  return formatDisplayDate(dayInTimeZone(value, timeZone), language);
}

/**
 * A moment's wall clock in a time zone as a Date whose UTC fields read it: what a spreadsheet's
 * date cell holds, having no time zone of its own.
 */
export function wallClockInTimeZone(moment: Date, timeZone: string): Date {
  const { year, month, day, hour, minute } = wallClockParts(moment, timeZone);
  return new Date(Date.UTC(year, month - 1, day, Number(hour), Number(minute), moment.getUTCSeconds()));
}

/** How a time zone is named on a document: `Asia/Ho_Chi_Minh, UTC+07:00` (its offset at `at`). */
export function describeTimeZone(timeZone: string, at: Date = new Date()): string {
  const offset =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const utc = offset === 'GMT' ? 'UTC+00:00' : offset.replace('GMT', 'UTC');
  return `${timeZone}, ${utc}`;
}
