import { XIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { filtersInUse, MoreFilters } from '@/app/components/more-filters';
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
/** The text filters always in view. */
const FIRST_TEXT: TextFilter[] = ['IDFLNumber', 'BNCode'];
const DATE_FILTERS: DateFilter[] = [
  'sentToThirdLabDate',
  'thirdLabReceivedDate',
  'resultReturnedDate',
  'testTeamConfirmedDate',
];

/** The third lab's filters: IDFL number, the dates and people of each hand-over, status, BN code. */
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

  // IDFL number, BN code and status stay in view; the hand-over people and dates fold away.
  const text = (name: TextFilter) => (
    <Input
      key={name}
      aria-label={t(`filters.${name}`)}
      placeholder={t(`filters.${name}`)}
      value={filters[name]}
      onChange={(event) => set(name, event.target.value)}
    />
  );
  const folded = [...TEXT_FILTERS.filter((name) => !FIRST_TEXT.includes(name)), ...DATE_FILTERS];
  return (
    <MoreFilters
      label={t('filters.title')}
      moreInUse={filtersInUse(folded.map((name) => filters[name]))}
      first={
        <>
          {FIRST_TEXT.map(text)}
          <FilterSelect
            className="w-full"
            label={t('filters.status')}
            anyLabel={t('filters.allStatuses')}
            value={filters.status}
            onValueChange={(value) => set('status', value || undefined)}
            options={THIRD_LAB_STATUSES.map((status) => ({ value: status, label: t(`samples:status.${status}`) }))}
          />
        </>
      }
      more={
        <>
          {TEXT_FILTERS.filter((name) => !FIRST_TEXT.includes(name)).map(text)}
          {DATE_FILTERS.map((name) => (
            <div key={name} className="grid gap-1">
              <Label htmlFor={`${id}-${name}`} className="text-xs text-muted-foreground">
                {t(`filters.${name}`)}
              </Label>
              <DatePicker id={`${id}-${name}`} value={filters[name]} onChange={(value) => set(name, value)} />
            </div>
          ))}
        </>
      }
      after={
        isFiltered && (
          <Button variant="ghost" size="sm" onClick={() => onChange(emptyThirdLabFilters)}>
            <XIcon />
            {t('filters.clear')}
          </Button>
        )
      }
    />
  );
}
