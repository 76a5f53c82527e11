import { formatDisplayDate, formatMoment } from '@/app/components/ui/display-date';
import { i18n } from '@/app/lib/words/i18n';
import { formatGrams } from '@/app/lib/words/numbers';

/** A date (and time, when it has one) as every screen shows it: D MMMM YYYY; blank for none. */
export function formatSampleDate(value: string | null | undefined): string {
  if (!value) return '';
  // A calendar date (a received date, say) is stored as midnight UTC: it is shown as that day, in any time zone.
  const isCalendarDate = value.length <= 10 || /T00:00:00(\.000)?(Z|\+00:00)$/.test(value);
  // One date format on every screen (display-date.ts, as the date picker shows it), in the interface language.
  const language = i18n.language || 'en';
  return isCalendarDate ? formatDisplayDate(value, language) : formatMoment(value, language);
}

/** Grams (lib/words/numbers.ts); blank for none, as the bench tables leave it. */
export function formatWeight(value: number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return formatGrams(value);
}

/** An empty number field is "not given" (the schema then says 'Weight is required'), not zero. */
export function toNumber(value: unknown): number | undefined {
  if (value === '' || value === null || value === undefined) return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}
