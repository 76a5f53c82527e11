import { dayjs } from '@/app/lib/dates';
import { DISPLAY_FORMAT } from '@/app/components/ui/display-date';
import { i18n } from '@/app/lib/i18n';
import { formatGrams } from '@/app/lib/numbers';

/** A date (and time, when it has one) as every screen shows it: D MMMM YYYY; blank for none. */
export function formatSampleDate(value: string | null | undefined): string {
  if (!value) return '';
  // A calendar date (a received date, say) is stored as midnight UTC: it is shown as that day, in any time zone.
  const isCalendarDate = value.length <= 10 || /T00:00:00(\.000)?(Z|\+00:00)$/.test(value);
  const date = dayjs(isCalendarDate ? value.slice(0, 10) : value);
  if (!date.isValid()) return '';
  // One date format on every screen (DISPLAY_FORMAT, as the date picker shows it), in the interface language.
  const shown = date.locale(i18n.language || 'en');
  return isCalendarDate ? shown.format(DISPLAY_FORMAT) : shown.format(`${DISPLAY_FORMAT} HH:mm`);
}

/** Grams (lib/numbers.ts); blank for none, as the bench tables leave it. */
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
