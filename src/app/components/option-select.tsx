import { ChevronDownIcon } from 'lucide-react';
import { useRef, type KeyboardEvent } from 'react';
import { cn } from '@/app/components/ui/cn';
import { selectTriggerClass } from '@/app/components/ui/select-trigger-class';
import { onDemand } from '@/app/lib/on-demand';

export type SelectOption = { value: string; label: string };

/**
 * What names the select: `label`, as the select shows only its value, or a visible
 * <Label htmlFor={id}> beside it (then its `id`, on the button before and after Radix's select arrives).
 */
export type OptionSelectName = { label: string; id?: string } | { id: string; label?: never };

export type OptionSelectProps = OptionSelectName & {
  value: string;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  /** Shown, dimmed, while no option is chosen (none matches `value`). */
  placeholder?: string;
  className?: string;
};

// Radix's select (its listbox, focus handling, floating positioning) comes when the user reaches for
// it, not with a list's first paint (lib/on-demand.ts).
const useOptionSelectMenu = onDemand(() => import('./option-select-menu').then((chunk) => chunk.OptionSelectMenu));

/** The keys that open a Radix select from its button. */
const OPEN_KEYS = [' ', 'Enter', 'ArrowUp', 'ArrowDown'];

/**
 * A select of a few fixed options (a list's filter, its page size). Until first used it is a plain
 * button drawn, named and worked from the keyboard as Radix's select's button is: a combobox showing
 * the chosen option; Space, Enter and the arrows open it (fetching it); typing a letter chooses the
 * next option that starts with what was typed, as Radix's closed select does.
 */
export function OptionSelect(props: OptionSelectProps) {
  const { Component: OptionSelectMenu, opened, prefetch, open } = useOptionSelectMenu();
  const typed = useRef({ search: '', timer: 0 });
  const { id, value, onValueChange, options, label, placeholder, className } = props;
  if (OptionSelectMenu) return <OptionSelectMenu {...props} defaultOpen={opened} />;
  const chosen = options.find((option) => option.value === value);

  const typeAhead = (key: string) => {
    const state = typed.current;
    state.search += key;
    window.clearTimeout(state.timer);
    state.timer = window.setTimeout(() => (state.search = ''), 1000);
    const next = nextMatch(options, state.search, value);
    if (next) onValueChange(next.value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const typingAhead = typed.current.search !== '';
    if (!(event.ctrlKey || event.altKey || event.metaKey) && event.key.length === 1) typeAhead(event.key);
    if (typingAhead && event.key === ' ') return;
    if (OPEN_KEYS.includes(event.key)) {
      event.preventDefault();
      open();
    }
  };

  return (
    <button
      type="button"
      id={id}
      role="combobox"
      aria-label={label}
      aria-expanded={false}
      aria-autocomplete="none"
      data-state="closed"
      data-placeholder={chosen ? undefined : ''}
      className={cn(selectTriggerClass, className)}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={open}
      onKeyDown={onKeyDown}
    >
      <span style={{ pointerEvents: 'none' }}>{chosen ? chosen.label : placeholder}</span>
      <ChevronDownIcon className="size-4 opacity-50" aria-hidden="true" />
    </button>
  );
}

/** The "any" choice's value inside the select: the filter itself holds no value then. */
const ANY = 'any';

/**
 * A list's filter of a few fixed values, "any" first (all statuses, any classification): the one
 * rule for such filters. No value (`''` or undefined) is "any", and choosing "any" gives `''`.
 */
export function FilterSelect({
  anyLabel,
  value,
  onValueChange,
  options,
  ...shown
}: OptionSelectName & {
  /** The "any" choice's words ("All statuses"). */
  anyLabel: string;
  value: string | undefined;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  className?: string;
}) {
  return (
    <OptionSelect
      {...shown}
      value={value || ANY}
      onValueChange={(next) => onValueChange(next === ANY ? '' : next)}
      options={[{ value: ANY, label: anyLabel }, ...options]}
    />
  );
}

/**
 * The option a closed select moves to when the user types `search`: the first option whose text
 * starts with it, looking onwards from the chosen one and wrapping round. One letter always moves on
 * past the chosen option, and the same letter typed again and again steps through the options that
 * start with it; a longer prefix keeps the chosen option while it still fits. Undefined when nothing
 * else fits.
 */
export function nextMatch(options: readonly SelectOption[], search: string, value: string) {
  const sameLetter = [...search].every((char) => char === search[0]);
  const prefix = (sameLetter ? search.slice(0, 1) : search).toLowerCase();
  const chosen = options.findIndex((option) => option.value === value);
  const first = chosen < 0 ? 0 : chosen + (prefix.length === 1 ? 1 : 0);
  for (let step = 0; step < options.length; step++) {
    const option = options[(first + step) % options.length]!;
    if (option.label.toLowerCase().startsWith(prefix)) return option.value === value ? undefined : option;
  }
  return undefined;
}
