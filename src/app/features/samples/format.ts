import dayjs from 'dayjs';

/** A date (and time, when it has one) as the benches read it; blank for none. */
export function formatSampleDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  if (!date.isValid()) return '';
  return value.length <= 10 ? date.format('D MMM YYYY') : date.format('D MMM YYYY HH:mm');
}

/** Grams, with the unit the sample was weighed in when it is not grams. */
export function formatWeight(value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return `${Number(value.toFixed(3))} g`;
}
