import { useQuery } from '@tanstack/react-query';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/app/components/ui/select';
import { lookupQueries } from '@/app/offline/lookups';

/**
 * The choice of a country by its code, shown as "VN · Viet Nam". The list is the one kept on the
 * device from sign-in on, so a bench form can choose a country offline.
 */
export function CountrySelect({
  id,
  value,
  onChange,
  placeholder,
  invalid,
  label,
  className,
  enabled = true,
}: {
  id: string;
  /** A country code; empty (the placeholder shows) for none chosen yet. */
  value: string | null | undefined;
  onChange: (code: string) => void;
  placeholder: string;
  invalid?: boolean;
  /** The spoken name, where the visible label does not name the control. */
  label?: string;
  className?: string;
  /** Whether to fetch the list now (e.g. only while a dialog is open). */
  enabled?: boolean;
}) {
  const countries = useQuery({ ...lookupQueries.countries(), enabled });
  return (
    <Select value={value ?? ''} onValueChange={onChange}>
      <SelectTrigger id={id} className={className} aria-label={label} aria-invalid={invalid ? true : undefined}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {(countries.data ?? []).map((country) => (
          <SelectItem key={country.code} value={country.code}>
            {country.code} · {country.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
