import { dayjs } from '@/app/lib/dates';

/**
 * How a calendar date is shown (spec 9, DESIGN.md 2), in the interface language. Apart from the
 * date picker, so a list that only shows dates starts without the picker, its calendar and popover.
 */
export const DISPLAY_FORMAT = 'D MMMM YYYY';

export function formatDisplayDate(value: string | null | undefined, language = 'en'): string {
  if (!value) return '';
  const date = dayjs(value.slice(0, 10));
  return date.isValid() ? date.locale(language).format(DISPLAY_FORMAT) : '';
}
