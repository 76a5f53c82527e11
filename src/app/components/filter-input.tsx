import { Input } from '@/app/components/ui/input';

/** A free-text list filter: its label is also its placeholder, so the field needs no visible label. */
export function FilterInput({
  label,
  value,
  onChange,
  className,
  title,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
  /** A hint on hover, e.g. how to write several values. */
  title?: string;
}) {
  return (
    <Input
      className={className}
      title={title}
      aria-label={label}
      placeholder={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
