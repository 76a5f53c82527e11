import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/app/components/ui/select';
import { sampleQueries } from './sample-queries';

const ANYONE = '__anyone__';

/**
 * A staff picker over `GET /api/common-user`. `stores` says what is stored: the display name (for
 * free-text fields such as "received by") or the id (for user filters such as "sent by").
 */
export function UserPicker({
  id,
  label,
  value,
  onChange,
  stores = 'displayName',
  allowAnyone = true,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  stores?: 'displayName' | 'id';
  allowAnyone?: boolean;
}) {
  const { t } = useTranslation('samples');
  const users = useQuery(sampleQueries.users());
  const choices = (users.data ?? []).map((user) => ({
    value: stores === 'id' ? String(user.id) : user.displayName,
    label: user.displayName,
  }));
  // A stored name that is no longer a staff choice (or not loaded yet) still shows.
  if (value && !choices.some((choice) => choice.value === value)) choices.unshift({ value, label: value });
  return (
    <Select
      value={value || (allowAnyone ? ANYONE : '')}
      onValueChange={(next) => onChange(next === ANYONE ? '' : next)}
    >
      <SelectTrigger id={id} aria-label={label} className="w-full">
        <SelectValue placeholder={label} />
      </SelectTrigger>
      <SelectContent>
        {allowAnyone && <SelectItem value={ANYONE}>{t('filters.anyone', { label })}</SelectItem>}
        {choices.map((choice) => (
          <SelectItem key={choice.value} value={choice.value}>
            {choice.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
