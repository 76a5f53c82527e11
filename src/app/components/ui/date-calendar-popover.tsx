import type { RefObject } from 'react';
import { Calendar, dayToFocus } from './date-calendar';
import { Popover, PopoverAnchor, PopoverContent } from './popover';

/**
 * The date picker's calendar in its popover, fetched when the user first reaches for it
 * (`date-picker.tsx`). The popover is placed against the date field (`anchor`), which is no trigger,
 * so the picker says where focus goes when it closes.
 */
export function CalendarPopover({
  anchor,
  open,
  onOpenChange,
  value,
  min,
  max,
  onPick,
  onClickOutside,
  onClosed,
}: {
  anchor: RefObject<HTMLDivElement | null>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  value?: string;
  min?: string;
  max?: string;
  onPick: (value: string) => void;
  /** A click elsewhere closed it: focus stays where the user clicked. */
  onClickOutside: () => void;
  /** It closed: the picker puts focus back on the control that opened it, unless the user clicked away. */
  onClosed: () => void;
}) {
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverAnchor virtualRef={anchor as RefObject<HTMLDivElement>} />
      <PopoverContent
        className="w-auto"
        // Keyboard users land on a day inside the calendar, and Escape or a pick brings
        // them back to the control that opened it; the anchor is no trigger, so Radix cannot.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          if (event.currentTarget instanceof HTMLElement) dayToFocus(event.currentTarget)?.focus();
        }}
        onInteractOutside={onClickOutside}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        <Calendar value={value} min={min} max={max} onPick={onPick} />
      </PopoverContent>
    </Popover>
  );
}
