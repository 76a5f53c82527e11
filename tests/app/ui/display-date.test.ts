import { describe, expect, it } from 'vitest';
import { formatDisplayDate, monthNamesOf } from '@/app/components/ui/display-date';

// The month names are written out (display-date.ts says why); they must be the ones the browser's
// own date format uses in a whole date, in both languages.

function browserMonthNames(locale: string): (string | undefined)[] {
  const format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return Array.from(
    { length: 12 },
    (_, month) => format.formatToParts(Date.UTC(2000, month, 15)).find((part) => part.type === 'month')?.value,
  );
}

describe('month names of the shown dates', () => {
  it.each(['en', 'vi'])('are the browser’s own in %s', (language) => {
    expect(monthNamesOf(language)).toEqual(browserMonthNames(language));
  });

  it('fall back to English for any other language', () => {
    expect(monthNamesOf('fr')).toEqual(monthNamesOf('en'));
  });

  it('make D MMMM YYYY in both languages', () => {
    expect(formatDisplayDate('2026-11-21', 'en')).toBe('21 November 2026');
    expect(formatDisplayDate('2026-11-21', 'vi')).toBe('21 tháng 11 2026');
  });
});
