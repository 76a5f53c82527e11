import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/app/components/ui/select';
import type { OptionSelectProps } from './option-select';

/** The Radix select behind an `OptionSelect`, once fetched: open at once when the user pressed its button. */
export function OptionSelectMenu({
  value,
  onValueChange,
  options,
  label,
  className,
  defaultOpen,
}: OptionSelectProps & { defaultOpen: boolean }) {
  return (
    <Select value={value} onValueChange={onValueChange} defaultOpen={defaultOpen}>
      <SelectTrigger className={className} aria-label={label}>
        <SelectValue />
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
