import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DatePicker, parseTypedDate } from '@/app/components/ui/date-picker';
import { formatDisplayDate, formatMoment } from '@/app/components/ui/display-date';
import { localCalendarDate } from '@/shared/schemas/booking-defaults';
import { i18n } from '@/app/lib/words/i18n';

describe('typed dates', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('reads MMMM D, YYYY and the shown D MMMM YYYY, in English or Vietnamese month names', () => {
    expect(parseTypedDate('November 21, 2026')).toBe('2026-11-21');
    expect(parseTypedDate('  february 3,2026 ')).toBe('2026-02-03');
    expect(parseTypedDate('21 November 2026')).toBe('2026-11-21');
    expect(parseTypedDate('21 tháng 11 2026', 'vi')).toBe('2026-11-21');
    expect(parseTypedDate('tháng 2 3, 2026', 'vi')).toBe('2026-02-03');
  });

  it('refuses other forms and days that do not exist', () => {
    expect(parseTypedDate('2026-11-21')).toBeUndefined();
    expect(parseTypedDate('11/21/2026')).toBeUndefined();
    expect(parseTypedDate('February 30, 2026')).toBeUndefined();
    expect(parseTypedDate('Novembre 21, 2026')).toBeUndefined();
    expect(parseTypedDate('')).toBeUndefined();
  });

  it('shows dates as D MMMM YYYY in the interface language', () => {
    expect(formatDisplayDate('2026-11-21')).toBe('21 November 2026');
    expect(formatDisplayDate('2026-11-21', 'vi')).toBe('21 tháng 11 2026');
    expect(formatDisplayDate(null)).toBe('');
    expect(formatDisplayDate('2026-01-05T00:00:00.000Z', 'vi')).toBe('5 tháng 1 2026');
    expect(formatDisplayDate('not a date')).toBe('');
  });

  it("shows a moment on the laboratory's calendar day and clock, in the same form", () => {
    // 02:05 UTC is 09:05 in Ho Chi Minh City (the default laboratory zone), whatever zone the tests run in.
    const moment = new Date(Date.UTC(2026, 10, 21, 2, 5)).toISOString();
    expect(formatDisplayDate(moment)).toBe('21 November 2026');
    expect(formatMoment(moment)).toBe('21 November 2026 09:05');
    expect(formatMoment(moment, 'vi')).toBe('21 tháng 11 2026 09:05');
    expect(formatMoment('soon')).toBe('');
    expect(formatDisplayDate(null)).toBe('');
  });

  it("takes today from the user's calendar, not UTC's", () => {
    expect(localCalendarDate(new Date(2026, 0, 1, 0, 30))).toBe('2026-01-01');
    expect(localCalendarDate(new Date(2026, 11, 31, 23, 59))).toBe('2026-12-31');
  });
});

function Picker({ initial, min, max }: { initial: string; min: string; max: string }) {
  const [value, setValue] = useState(initial);
  return <DatePicker id="picked" value={value} onChange={setValue} min={min} max={max} />;
}

describe('typed dates that are refused say why', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('keeps a malformed or out-of-range date with the reason under the field, in both languages', async () => {
    render(<Picker initial="2026-11-21" min="2026-11-10" max="2026-12-31" />);
    const field = screen.getByRole('textbox') as HTMLInputElement;
    fireEvent.change(field, { target: { value: '31 Febtember 2026' } });
    fireEvent.blur(field);
    expect(field.value).toBe('31 Febtember 2026');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe(
      'This is not a date we can read. Type it as 21 November 2026 or November 21, 2026.',
    );

    fireEvent.change(field, { target: { value: 'January 5, 2027' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe(
      'The date must be between 10 November 2026 and 31 December 2026.',
    );

    await i18n.changeLanguage('vi');
    fireEvent.change(field, { target: { value: '1 November 2026' } });
    fireEvent.blur(field);
    expect(screen.getByRole('alert').textContent).toContain('Ngày phải nằm trong khoảng từ');

    fireEvent.change(field, { target: { value: 'December 1, 2026' } });
    fireEvent.blur(field);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });
});

describe('date picker calendar', () => {
  // The calendar is fetched when the button is first pressed (docs/performance.md), so it is awaited.
  it('starts weeks on Monday, marks Saturday and Sunday, and disables days outside the bounds', async () => {
    render(<Picker initial="2026-11-21" min="2026-11-10" max="2026-12-31" />);
    fireEvent.click(screen.getByRole('button', { name: 'Open the calendar' }));
    const calendar = await screen.findByRole('group', { name: 'Calendar' });
    const headers = within(calendar)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
    expect(within(calendar).getByRole('button', { name: '21 November 2026' }).dataset.weekend).toBe('true');
    expect(within(calendar).getByRole('button', { name: '20 November 2026' }).dataset.weekend).toBeUndefined();
    expect(within(calendar).getByRole('button', { name: '9 November 2026' })).toHaveProperty('disabled', true);
    expect(within(calendar).getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);

    fireEvent.click(within(calendar).getByRole('button', { name: '12 November 2026' }));
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('12 November 2026');
  });

  it('goes from a month to the months of its year and to a decade of years in 4 rows', async () => {
    render(<Picker initial="2026-11-21" min="2025-11-21" max="2027-11-21" />);
    fireEvent.click(screen.getByRole('button', { name: 'Open the calendar' }));
    const calendar = await screen.findByRole('group', { name: 'Calendar' });
    fireEvent.click(within(calendar).getByRole('button', { name: 'November 2026' }));
    expect(within(calendar).getAllByRole('button', { name: /^[A-Z][a-z]{2}$/ })).toHaveLength(12);
    fireEvent.click(within(calendar).getByRole('button', { name: '2026' }));
    const years = within(calendar).getAllByRole('button', { name: /^20\d\d$/ });
    expect(years.map((b) => b.textContent)).toEqual([
      '2020',
      '2021',
      '2022',
      '2023',
      '2024',
      '2025',
      '2026',
      '2027',
      '2028',
      '2029',
    ]);
    expect(calendar.querySelector('[data-rows="4"]')?.className).toContain('grid-cols-3');
    expect(years.find((b) => b.textContent === '2024')).toHaveProperty('disabled', true);

    fireEvent.click(years.find((b) => b.textContent === '2027')!);
    fireEvent.click(within(calendar).getByRole('button', { name: 'Feb' }));
    fireEvent.click(within(calendar).getByRole('button', { name: '1 February 2027' }));
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('1 February 2027');
  });
});
