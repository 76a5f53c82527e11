import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/app/components/ui/select';
import type { OptionSelectProps } from './option-select';

/** The Radix select behind an `OptionSelect`, once fetched: open at once when the user pressed its button. */
export function OptionSelectMenu({
  id,
  value,
  onValueChange,
  options,
  label,
  placeholder,
  className,
  defaultOpen,
}: OptionSelectProps & { defaultOpen: boolean }) {
  return (
    <Select value={value} onValueChange={onValueChange} defaultOpen={defaultOpen}>
      <SelectTrigger id={id} className={className} aria-label={label}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
