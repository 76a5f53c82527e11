import { Input } from '@/app/components/ui/input';

/** A free-text list filter: its label is also its placeholder, so the field needs no visible label. */
export function FilterInput({
  label,
  value,
  onChange,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <Input
      className={className}
      aria-label={label}
      placeholder={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
