import { CalendarIcon } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { cn } from './cn';
import { formatDisplayDate, monthNamesOf } from './display-date';
import { localCalendarDate } from '@/shared/schemas/booking-defaults';
import { onDemand } from '@/app/lib/on-demand';
import { Input } from './input';

/**
 * A date field: shows the date as `D MMMM YYYY`, accepts typed dates as
 * `MMMM D, YYYY` (or the shown form), only within [min, max], and opens a calendar whose week starts
 * on Monday, with Saturday and Sunday marked as weekend, a month grid for a year and a year grid of a
 * decade in 4 rows. The value is a calendar date `YYYY-MM-DD` (no time zone involved).
 */

/** The day these numbers name as `YYYY-MM-DD`, or undefined when there is no such day (February 30). */
function isoDateOf(year: number, monthIndex: number, day: number): string | undefined {
  const date = new Date(year, monthIndex, day);
  return date.getFullYear() === year && date.getMonth() === monthIndex && date.getDate() === day
    ? localCalendarDate(date)
    : undefined;
}

/**
 * Reads a typed date: `MMMM D, YYYY` (the typing format) or `D MMMM YYYY` (the shown format), with
 * month names in English or in the interface language (the names a date is shown with,
 * display-date.ts; "tháng 11" in Vietnamese). Returns `YYYY-MM-DD`, or undefined.
 */
export function parseTypedDate(text: string, language = 'en'): string | undefined {
  const typed = text.trim().replace(/\s+/g, ' ').toLowerCase();
  if (!typed) return undefined;
  const monthIndexOf = (name: string) => {
    for (const names of [monthNamesOf('en'), monthNamesOf(language)]) {
      const index = names.map((month) => month.toLowerCase()).indexOf(name.trim());
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
  return isoDateOf(Number(year), month, Number(day));
}

/** The date a hint shows how to type, in the shown form of `language` ("21 tháng 11 2026"). */
export const typingExample = (language: string) => formatDisplayDate('2026-11-21', language);

/** Why a typed date is refused (a key of the date-picker catalogue), or null when it is taken. */
function typingErrorOf(parsed: string | undefined, min: string | undefined, max: string | undefined, language: string) {
  const bounds = { min: formatDisplayDate(min, language), max: formatDisplayDate(max, language) };
  if (!parsed) return { key: 'notADate', params: { example: typingExample(language) } };
  if (min && parsed < min) return { key: max ? 'outOfRange' : 'tooEarly', params: bounds };
  if (max && parsed > max) return { key: min ? 'outOfRange' : 'tooLate', params: bounds };
  return null;
}

// The calendar and its popover (Radix, floating positioning) are fetched when the user points at or
// focuses the calendar button, or opens it, not with every form that has a date.
const useCalendarPopover = onDemand(() => import('./date-calendar-popover').then((chunk) => chunk.CalendarPopover));

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
  /** A filter's date has no visible label of its own: its name for assistive technology. */
  'aria-label'?: string;
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
  // Where focus goes back when the calendar closes: the control that opened it (button or field).
  const opener = useRef<HTMLElement | null>(null);
  // A click elsewhere closes it too, and then focus stays where the user clicked.
  const leftByClickOutside = useRef(false);
  // The calendar's popover is placed against the field and its button (they are not its trigger).
  const anchor = useRef<HTMLDivElement>(null);
  const { Component: CalendarPopover, prefetch: prefetchCalendar, open: fetchCalendar } = useCalendarPopover();
  const openFrom = (element: HTMLElement) => {
    opener.current = element;
    leftByClickOutside.current = false;
    setOpen(true);
    fetchCalendar();
  };
  const shown = draft ?? formatDisplayDate(value, i18n.language);
  const errorId = `${id}-typing-error`;

  // A typed date outside the bounds, or in another form, is refused: the typed text stays, with the
  // reason under the field, and the field keeps its last good date until the user corrects it.
  const commitDraft = () => {
    if (draft === null) return;
    // An emptied field clears the date (a filter's "any date"); a required field says so itself.
    if (!draft.trim()) {
      setDraft(null);
      setTypingError(null);
      if (value) onChange('');
      return;
    }
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
      openFrom(event.currentTarget);
    }
  };

  return (
    <div ref={anchor} className={cn('relative', className)}>
      <Input
        ref={ref}
        id={id}
        name={name}
        value={shown}
        placeholder={t('placeholder')}
        autoComplete="off"
        disabled={disabled}
        aria-label={aria['aria-label']}
        aria-invalid={invalid || typingError !== null || undefined}
        aria-describedby={
          [aria['aria-describedby'], typingError ? errorId : undefined].filter(Boolean).join(' ') || undefined
        }
        title={t('typingHint', { example: typingExample(i18n.language) })}
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
        onPointerEnter={prefetchCalendar}
        onFocus={prefetchCalendar}
        onClick={(event) => (open ? setOpen(false) : openFrom(event.currentTarget))}
      >
        <CalendarIcon />
      </Button>
      {typingError && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-destructive">
          {typingError}
        </p>
      )}
      {CalendarPopover && (
        <CalendarPopover
          anchor={anchor}
          open={open}
          onOpenChange={setOpen}
          value={value ?? undefined}
          min={min}
          max={max}
          onPick={(picked) => {
            setDraft(null);
            setTypingError(null);
            onChange(picked);
            setOpen(false);
          }}
          onClickOutside={() => {
            leftByClickOutside.current = true;
          }}
          onClosed={() => {
            if (!leftByClickOutside.current) opener.current?.focus();
          }}
        />
      )}
    </div>
  );
}
