import dayjs from 'dayjs';
import { formatGrams } from '@/app/lib/numbers';

/** A date (and time, when it has one) as the benches read it; blank for none. */
export function formatSampleDate(value: string | null | undefined): string {
  if (!value) return '';
  // A calendar date (a received date, say) is stored as midnight UTC: it is shown as that day, in any time zone.
  const isCalendarDate = value.length <= 10 || /T00:00:00(\.000)?(Z|\+00:00)$/.test(value);
  const date = dayjs(isCalendarDate ? value.slice(0, 10) : value);
  if (!date.isValid()) return '';
  return isCalendarDate ? date.format('D MMM YYYY') : date.format('D MMM YYYY HH:mm');
}

/** Grams (lib/numbers.ts); blank for none, as the bench tables leave it. */
export function formatWeight(value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return formatGrams(value);
}
