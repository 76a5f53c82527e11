import { Input } from '@/app/components/ui/input';

/** A free-text list filter: its label is also its placeholder, so the field needs no visible label. */
export function FilterInput({
  label,
  value,
  onChange,
  className,
  title,
  type,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
  /** A hint on hover, e.g. how to write several values. */
  title?: string;
  /** 'search' for the free search over a list, which browsers give a clear button. */
  type?: 'search';
  /** What to type, when the label alone does not say it (the label stays the field's name). */
  placeholder?: string;
}) {
  return (
    <Input
      className={className}
      type={type}
      title={title}
      aria-label={label}
      placeholder={placeholder ?? label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
