import dayjs, { type Dayjs } from 'dayjs';
import { CalendarIcon, ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useState, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { cn } from './cn';
import { Input } from './input';
import { Popover, PopoverAnchor, PopoverContent } from './popover';

/**
 * A date field (spec 9, DESIGN.md 2): shows the date as `D MMMM YYYY`, accepts typed dates as
 * `MMMM D, YYYY` (or the shown form), only within [min, max], and opens a calendar whose week starts
 * on Monday, with Saturday and Sunday marked as weekend, a month grid for a year and a year grid of a
 * decade in 4 rows. The value is a calendar date `YYYY-MM-DD` (no time zone involved).
 */

export const DISPLAY_FORMAT = 'D MMMM YYYY';
export const TYPED_FORMAT = 'MMMM D, YYYY';
const ISO = 'YYYY-MM-DD';

type Level = 'month' | 'year' | 'decade';

function monthNamesOf(language: string): string[] {
  return Array.from({ length: 12 }, (_, month) => dayjs().locale(language).month(month).format('MMMM').toLowerCase());
}

function dateOf(year: number, monthIndex: number, day: number): Dayjs | undefined {
  const date = dayjs(new Date(year, monthIndex, day));
  return date.year() === year && date.month() === monthIndex && date.date() === day ? date : undefined;
}

/**
 * Reads a typed date: `MMMM D, YYYY` (the typing format) or `D MMMM YYYY` (the shown format), with
 * month names in English or in the interface language (dayjs cannot parse Vietnamese month names
 * such as "tháng 11", so the names are matched here). Returns `YYYY-MM-DD`, or undefined.
 */
export function parseTypedDate(text: string, language = 'en'): string | undefined {
  const typed = text.trim().replace(/\s+/g, ' ').toLowerCase();
  if (!typed) return undefined;
  const monthIndexOf = (name: string) => {
    for (const names of [monthNamesOf('en'), monthNamesOf(language)]) {
      const index = names.indexOf(name.trim());
      if (index >= 0) return index;
    }
    return -1;
  };
  const typedForm = /^(.+?) (\d{1,2}), ?(\d{4})$/.exec(typed);
  const shownForm = /^(\d{1,2}) (.+?) (\d{4})$/.exec(typed);
  const [name, day, year] = typedForm
    ? [typedForm[1], typedForm[2], typedForm[3]]
    : shownForm
      ? [shownForm[2], shownForm[1], shownForm[3]]
      : [];
  if (!name || !day || !year) return undefined;
  const month = monthIndexOf(name);
  if (month < 0) return undefined;
  return dateOf(Number(year), month, Number(day))?.format(ISO);
}

export function formatDisplayDate(value: string | null | undefined, language = 'en'): string {
  if (!value) return '';
  const date = dayjs(value.slice(0, 10));
  return date.isValid() ? date.locale(language).format(DISPLAY_FORMAT) : '';
}

function isWithin(iso: string, min?: string, max?: string) {
  return (!min || iso >= min) && (!max || iso <= max);
}

/** Why a typed date is refused (a key of the date-picker catalogue), or null when it is taken. */
function typingErrorOf(parsed: string | undefined, min: string | undefined, max: string | undefined, language: string) {
  const bounds = { min: formatDisplayDate(min, language), max: formatDisplayDate(max, language) };
  if (!parsed) return { key: 'notADate', params: { example: formatDisplayDate('2026-11-21', language) } };
  if (min && parsed < min) return { key: max ? 'outOfRange' : 'tooEarly', params: bounds };
  if (max && parsed > max) return { key: min ? 'outOfRange' : 'tooLate', params: bounds };
  return null;
}

export type DatePickerProps = {
  id: string;
  name?: string;
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  min?: string;
  max?: string;
  invalid?: boolean;
  disabled?: boolean;
  className?: string;
  'aria-describedby'?: string;
  ref?: Ref<HTMLInputElement>;
};

export function DatePicker({
  id,
  name,
  value,
  onChange,
  onBlur,
  min,
  max,
  invalid,
  disabled,
  className,
  ref,
  ...aria
}: DatePickerProps) {
  const { t, i18n } = useTranslation('date-picker');
  const [draft, setDraft] = useState<string | null>(null);
  const [typingError, setTypingError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const shown = draft ?? formatDisplayDate(value, i18n.language);
  const errorId = `${id}-typing-error`;

  // A typed date outside the bounds, or in another form, is refused: the typed text stays, with the
  // reason under the field, and the field keeps its last good date until the user corrects it.
  const commitDraft = () => {
    if (draft === null) return;
    const parsed = parseTypedDate(draft, i18n.language);
    const reason = typingErrorOf(parsed, min, max, i18n.language);
    setTypingError(reason ? t(reason.key, reason.params) : null);
    if (reason) return;
    setDraft(null);
    if (parsed && parsed !== value) onChange(parsed);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commitDraft();
    } else if (event.key === 'ArrowDown' && event.altKey) {
      setOpen(true);
    }
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverAnchor asChild>
        <div className={cn('relative', className)}>
          <Input
            ref={ref}
            id={id}
            name={name}
            value={shown}
            placeholder={t('placeholder')}
            autoComplete="off"
            disabled={disabled}
            aria-invalid={invalid || typingError !== null || undefined}
            aria-describedby={
              [aria['aria-describedby'], typingError ? errorId : undefined].filter(Boolean).join(' ') || undefined
            }
            title={t('typingHint')}
            className="pr-10"
            onChange={(event) => {
              setDraft(event.target.value);
              setTypingError(null);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => {
              commitDraft();
              onBlur?.();
            }}
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="absolute top-0 right-0"
            disabled={disabled}
            aria-label={t('open')}
            onClick={() => setOpen((current) => !current)}
          >
            <CalendarIcon />
          </Button>
          {typingError && (
            <p id={errorId} role="alert" className="mt-2 text-sm text-destructive">
              {typingError}
            </p>
          )}
        </div>
      </PopoverAnchor>
      <PopoverContent className="w-auto" onOpenAutoFocus={(event) => event.preventDefault()}>
        <Calendar
          value={value ?? undefined}
          min={min}
          max={max}
          onPick={(picked) => {
            setDraft(null);
            setTypingError(null);
            onChange(picked);
            setOpen(false);
          }}
        />
      </PopoverContent>
    </Popover>
  );
}

function Calendar({
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
      ? cursor.locale(language).format('MMMM YYYY')
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
                    aria-label={day.locale(language).format(DISPLAY_FORMAT)}
                    aria-pressed={isSelected}
                    disabled={!isWithin(iso, min, max)}
                    onClick={() => onPick(iso)}
                    className={cn(
                      'size-8 rounded-md text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-30',
                      day.month() !== cursor.month() && 'text-muted-foreground',
                      isWeekend && day.month() === cursor.month() && 'text-red-600',
                      iso === today && 'ring-1 ring-primary',
                      isSelected && 'bg-primary text-primary-foreground hover:bg-primary/90',
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
