import { dayjs, type Dayjs } from '@/app/lib/words/dates';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { cn } from './cn';
import { formatDisplayDate, monthNamesOf } from './display-date';

/**
 * The calendar the date picker opens: weeks start on Monday, Saturday and
 * Sunday are marked as weekend, a month grid for a year and a year grid of a decade in 4 rows.
 */

const ISO = 'YYYY-MM-DD';

type Level = 'month' | 'year' | 'decade';

function isWithin(iso: string, min?: string, max?: string) {
  return (!min || iso >= min) && (!max || iso <= max);
}

/**
 * The day that takes focus when the calendar opens: the chosen day, else today, else the
 * first day that can be picked, so a keyboard user lands inside the calendar.
 */
export function dayToFocus(calendar: HTMLElement): HTMLButtonElement | null {
  return (
    calendar.querySelector<HTMLButtonElement>('button[data-date][aria-pressed="true"]:not(:disabled)') ??
    calendar.querySelector<HTMLButtonElement>('button[data-date][data-today]:not(:disabled)') ??
    calendar.querySelector<HTMLButtonElement>('button[data-date]:not(:disabled)')
  );
}

export function Calendar({
  value,
  min,
  max,
  onPick,
}: {
  value?: string;
  min?: string;
  max?: string;
  onPick: (value: string) => void;
}) {
  const { t, i18n } = useTranslation('date-picker');
  const language = i18n.language;
  const initial = value ? dayjs(value) : dayjs();
  const [level, setLevel] = useState<Level>('month');
  const [cursor, setCursor] = useState(initial.startOf('month'));
  const today = dayjs().format(ISO);
  const minMonth = min?.slice(0, 7);
  const maxMonth = max?.slice(0, 7);
  const minYear = min ? Number(min.slice(0, 4)) : -Infinity;
  const maxYear = max ? Number(max.slice(0, 4)) : Infinity;

  const step = (direction: 1 | -1) => {
    if (level === 'month') setCursor((c) => c.add(direction, 'month'));
    else if (level === 'year') setCursor((c) => c.add(direction, 'year'));
    else setCursor((c) => c.add(direction * 10, 'year'));
  };
  const decadeStart = Math.floor(cursor.year() / 10) * 10;

  const caption =
    level === 'month'
      ? `${monthNamesOf(language)[cursor.month()]} ${cursor.year()}`
      : level === 'year'
        ? String(cursor.year())
        : `${decadeStart} – ${decadeStart + 9}`;

  const canGoBack =
    level === 'month'
      ? !minMonth || cursor.subtract(1, 'month').format('YYYY-MM') >= minMonth
      : level === 'year'
        ? cursor.year() - 1 >= minYear
        : decadeStart - 1 >= minYear;
  const canGoOn =
    level === 'month'
      ? !maxMonth || cursor.add(1, 'month').format('YYYY-MM') <= maxMonth
      : level === 'year'
        ? cursor.year() + 1 <= maxYear
        : decadeStart + 10 <= maxYear;

  return (
    <div className="grid w-[17rem] gap-2" role="group" aria-label={t('calendar')}>
      <div className="flex items-center justify-between">
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={t('previous')}
          disabled={!canGoBack}
          onClick={() => step(-1)}
        >
          <ChevronLeftIcon />
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="font-semibold capitalize"
          disabled={level === 'decade'}
          onClick={() => setLevel(level === 'month' ? 'year' : 'decade')}
        >
          {caption}
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={t('next')}
          disabled={!canGoOn}
          onClick={() => step(1)}
        >
          <ChevronRightIcon />
        </Button>
      </div>
      {level === 'month' && (
        <MonthGrid
          cursor={cursor}
          value={value}
          today={today}
          min={min}
          max={max}
          language={language}
          onPick={onPick}
        />
      )}
      {level === 'year' && (
        <div className="grid grid-cols-3 gap-1">
          {Array.from({ length: 12 }, (_, month) => {
            const start = cursor.month(month).startOf('month');
            const key = start.format('YYYY-MM');
            const isOut = (minMonth && key < minMonth) || (maxMonth && key > maxMonth);
            return (
              <Button
                key={key}
                type="button"
                variant={value?.startsWith(key) ? 'default' : 'ghost'}
                size="sm"
                className="capitalize"
                disabled={Boolean(isOut)}
                onClick={() => {
                  setCursor(start);
                  setLevel('month');
                }}
              >
                {start.locale(language).format('MMM')}
              </Button>
            );
          })}
        </div>
      )}
      {level === 'decade' && (
        // Ten years in three columns: four rows, the last holding one year.
        <div className="grid grid-cols-3 gap-1" data-rows="4">
          {Array.from({ length: 10 }, (_, offset) => {
            const year = decadeStart + offset;
            return (
              <Button
                key={year}
                type="button"
                variant={value?.startsWith(String(year)) ? 'default' : 'ghost'}
                size="sm"
                disabled={year < minYear || year > maxYear}
                onClick={() => {
                  setCursor(cursor.year(year));
                  setLevel('year');
                }}
              >
                {year}
              </Button>
            );
          })}
        </div>
      )}
    </div>
  );
}

function MonthGrid({
  cursor,
  value,
  today,
  min,
  max,
  language,
  onPick,
}: {
  cursor: Dayjs;
  value?: string;
  today: string;
  min?: string;
  max?: string;
  language: string;
  onPick: (value: string) => void;
}) {
  // Weeks start on Monday: step back from the 1st to the Monday on or before it.
  const first = cursor.startOf('month');
  const start = first.subtract((first.day() + 6) % 7, 'day');
  const days = Array.from({ length: 42 }, (_, i) => start.add(i, 'day'));
  const weekdays = Array.from({ length: 7 }, (_, i) => start.add(i, 'day').locale(language).format('dd'));
  return (
    <table className="w-full border-collapse text-center text-sm">
      <thead>
        <tr>
          {weekdays.map((name, i) => (
            <th
              key={name}
              scope="col"
              className={cn('py-1 text-xs font-medium text-muted-foreground', i >= 5 && 'text-red-600')}
            >
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {Array.from({ length: 6 }, (_, week) => (
          <tr key={week}>
            {days.slice(week * 7, week * 7 + 7).map((day) => {
              const iso = day.format(ISO);
              const isWeekend = day.day() === 0 || day.day() === 6;
              const isSelected = iso === value;
              return (
                <td key={iso} className="p-0.5">
                  <button
                    type="button"
                    data-date={iso}
                    data-weekend={isWeekend || undefined}
                    data-today={iso === today || undefined}
                    aria-label={formatDisplayDate(iso, language)}
                    aria-pressed={isSelected}
                    disabled={!isWithin(iso, min, max)}
                    onClick={() => onPick(iso)}
                    className={cn(
                      'size-8 rounded-md text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-30',
                      day.month() !== cursor.month() && 'text-muted-foreground',
                      isWeekend && day.month() === cursor.month() && 'text-red-600',
                      iso === today && 'ring-1 ring-primary',
                      isSelected && 'bg-primary text-primary-foreground hover:bg-primary-hover',
                    )}
                  >
                    {day.date()}
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
