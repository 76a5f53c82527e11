import { CheckIcon, MinusIcon } from 'lucide-react';
import { useEffect, useRef, type ComponentProps, type Ref } from 'react';
import { cn } from './cn';

/**
 * The browser's own checkbox, drawn in the app's look. It replaces Radix's (a button acting as one):
 * the order form has a dozen of them, and Radix's checkbox brought its shared parts (about 13 kB
 * gzipped) into the form's start. `checked` may be 'indeterminate' (some of a
 * group ticked); `onCheckedChange` is told the new state as a boolean.
 */
export function Checkbox({
  className,
  checked,
  onCheckedChange,
  ref,
  ...props
}: Omit<ComponentProps<'input'>, 'type' | 'checked' | 'onChange' | 'ref'> & {
  checked?: boolean | 'indeterminate';
  onCheckedChange?: (checked: boolean) => void;
  ref?: Ref<HTMLInputElement>;
}) {
  const input = useRef<HTMLInputElement | null>(null);
  const indeterminate = checked === 'indeterminate';
  // "Some of them" is a property of the element, not an attribute React can set.
  useEffect(() => {
    if (input.current) input.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <span data-slot="checkbox" className={cn('relative inline-flex size-4 shrink-0', className)}>
      <input
        type="checkbox"
        ref={(element) => {
          input.current = element;
          if (typeof ref === 'function') return ref(element);
          if (ref) ref.current = element;
        }}
        checked={checked === true}
        onChange={(event) => onCheckedChange?.(event.currentTarget.checked)}
        className="peer size-4 shrink-0 appearance-none rounded-[4px] border border-input shadow-xs outline-none checked:border-primary checked:bg-primary focus-visible:ring-[3px] focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50"
        {...props}
      />
      <CheckIcon
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 m-auto hidden size-3.5 text-primary-foreground peer-checked:block"
      />
      <MinusIcon
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 m-auto hidden size-3.5 peer-indeterminate:block"
      />
    </span>
  );
}
