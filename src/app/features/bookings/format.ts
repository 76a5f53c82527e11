import { dayjs } from '@/app/lib/dates';

/** A moment (ISO date-time) in the user's time zone, as `D MMMM YYYY HH:mm` in the interface language. */
export function formatMoment(value: string | null | undefined, language: string): string {
  if (!value) return '';
  const moment = dayjs(value);
  return moment.isValid() ? moment.locale(language).format('D MMMM YYYY HH:mm') : '';
}

/** A moment's calendar day in the user's time zone, as `D MMMM YYYY`. */
export function formatMomentDay(value: string | null | undefined, language: string): string {
  if (!value) return '';
  const moment = dayjs(value);
  return moment.isValid() ? moment.locale(language).format('D MMMM YYYY') : '';
}
