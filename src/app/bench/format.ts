import dayjs from 'dayjs';

/** A date (and time, when it has one) as the benches read it; blank for none. */
export function formatSampleDate(value: string | null | undefined): string {
  if (!value) return '';
  // A calendar date (a received date, say) is stored as midnight UTC: it is shown as that day, in any time zone.
  const isCalendarDate = value.length <= 10 || /T00:00:00(\.000)?(Z|\+00:00)$/.test(value);
  const date = dayjs(isCalendarDate ? value.slice(0, 10) : value);
  if (!date.isValid()) return '';
  return isCalendarDate ? date.format('D MMM YYYY') : date.format('D MMM YYYY HH:mm');
}

/** Grams, with the unit the sample was weighed in when it is not grams. */
export function formatWeight(value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return `${Number(value.toFixed(3))} g`;
}
