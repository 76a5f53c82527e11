import { XIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '@/app/components/option-select';
import { Button } from '@/app/components/ui/button';
import { DatePicker } from '@/app/components/ui/date-picker';
import { Input } from '@/app/components/ui/input';
import { Label } from '@/app/components/ui/label';
import { THIRD_LAB_STATUSES } from './third-lab-queries';
import { emptyThirdLabFilters, type ThirdLabFilterValues } from './third-lab-search';

type TextFilter = 'IDFLNumber' | 'BNCode' | 'sentToThirdLabBy' | 'thirdLabReceivedBy' | 'testTeamConfirmedBy';
type DateFilter = 'sentToThirdLabDate' | 'thirdLabReceivedDate' | 'resultReturnedDate' | 'testTeamConfirmedDate';

const TEXT_FILTERS: TextFilter[] = [
  'IDFLNumber',
  'BNCode',
  'sentToThirdLabBy',
  'thirdLabReceivedBy',
  'testTeamConfirmedBy',
];
const DATE_FILTERS: DateFilter[] = [
  'sentToThirdLabDate',
  'thirdLabReceivedDate',
  'resultReturnedDate',
  'testTeamConfirmedDate',
];

/** The third lab's filters (spec 3): IDFL number, the dates and people of each hand-over, status, BN code. */
export function ThirdLabFiltersBar({
  filters,
  onChange,
}: {
  filters: ThirdLabFilterValues;
  onChange: (next: ThirdLabFilterValues) => void;
}) {
  const { t } = useTranslation('third-lab');
  const id = useId();
  const set = (name: keyof ThirdLabFilterValues, value: string | undefined) =>
    onChange({ ...filters, [name]: value ?? '' });
  const isFiltered = Object.values(filters).some(Boolean);

  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      {TEXT_FILTERS.map((name) => (
        <Input
          key={name}
          aria-label={t(`filters.${name}`)}
          placeholder={t(`filters.${name}`)}
          value={filters[name]}
          onChange={(event) => set(name, event.target.value)}
        />
      ))}
      {DATE_FILTERS.map((name) => (
        <div key={name} className="grid gap-1">
          <Label htmlFor={`${id}-${name}`} className="text-xs text-muted-foreground">
            {t(`filters.${name}`)}
          </Label>
          <DatePicker id={`${id}-${name}`} value={filters[name]} onChange={(value) => set(name, value)} />
        </div>
      ))}
      <div className="grid gap-1">
        <Label className="text-xs text-muted-foreground">{t('filters.status')}</Label>
        <FilterSelect
          label={t('filters.status')}
          anyLabel={t('filters.allStatuses')}
          value={filters.status}
          onValueChange={(value) => set('status', value || undefined)}
          options={THIRD_LAB_STATUSES.map((status) => ({ value: status, label: t(`samples:status.${status}`) }))}
        />
      </div>
      {isFiltered && (
        <div className="flex items-end">
          <Button variant="ghost" onClick={() => onChange(emptyThirdLabFilters)}>
            <XIcon />
            {t('filters.clear')}
          </Button>
        </div>
      )}
    </div>
  );
}
