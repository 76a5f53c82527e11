import { XIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/app/components/ui/button';
import { DatePicker } from '@/app/components/ui/date-picker';
import { Input } from '@/app/components/ui/input';
import { Label } from '@/app/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/app/components/ui/select';
import { UserPicker } from './user-picker';
import { emptySampleFilters, sampleListQuery, type SampleFilterValues } from './sample-list-search';

function DateFilter({
  id,
  label,
  value,
  onChange,
  min,
  max,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <div className="flex gap-1">
        <DatePicker id={id} value={value} onChange={onChange} min={min || undefined} max={max || undefined} />
        {value && (
          <Button type="button" variant="ghost" size="icon" aria-label={`${label} ×`} onClick={() => onChange('')}>
            <XIcon />
          </Button>
        )}
      </div>
    </div>
  );
}

/**
 * The filters bar of the sample lists (CS Check In, Tester Workspace, Supervisor): IDFL number,
 * received date range, received by, sources, status and search; `variant="tester"` adds sent to
 * tester by/date range, sent to third lab date range and package code.
 */
export function SampleFiltersBar({
  value,
  onChange,
  variant,
  statuses,
}: {
  value: SampleFilterValues;
  onChange: (next: SampleFilterValues) => void;
  variant: 'cs' | 'tester';
  /** The statuses this list can hold, for the status filter. */
  statuses: readonly string[];
}) {
  const { t } = useTranslation('samples');
  const set = (name: keyof SampleFilterValues) => (next: string) => onChange({ ...value, [name]: next });
  const isFiltered = Object.entries(sampleListQuery(value, variant)).length > 0;
  return (
    <div className="grid gap-3" role="search" aria-label={t('filters.title')}>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Input
          aria-label={t('filters.search')}
          placeholder={t('filters.search')}
          value={value.search}
          onChange={(e) => set('search')(e.target.value)}
        />
        <Input
          aria-label={t('filters.idflNumber')}
          placeholder={t('filters.idflNumber')}
          value={value.IDFLNumber}
          onChange={(e) => set('IDFLNumber')(e.target.value)}
        />
        <Input
          aria-label={t('filters.sources')}
          placeholder={t('filters.sources')}
          title={t('filters.sourcesHint')}
          value={value.sources}
          onChange={(e) => set('sources')(e.target.value)}
        />
        <Select value={value.status || 'all'} onValueChange={(next) => set('status')(next === 'all' ? '' : next)}>
          <SelectTrigger aria-label={t('filters.status')} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">{t('filters.allStatuses')}</SelectItem>
            {statuses.map((status) => (
              <SelectItem key={status} value={status}>
                {t(`status.${status}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <DateFilter
          id="filter-received-from"
          label={t('filters.receivedFrom')}
          value={value.receivedFromDate}
          max={value.receivedToDate}
          onChange={set('receivedFromDate')}
        />
        <DateFilter
          id="filter-received-to"
          label={t('filters.receivedTo')}
          value={value.receivedToDate}
          min={value.receivedFromDate}
          onChange={set('receivedToDate')}
        />
        <div className="grid gap-1">
          <Label htmlFor="filter-received-by" className="text-xs text-muted-foreground">
            {t('filters.receivedBy')}
          </Label>
          <UserPicker
            id="filter-received-by"
            label={t('filters.receivedBy')}
            value={value.receivedByUser}
            onChange={set('receivedByUser')}
          />
        </div>
        {variant === 'tester' && (
          <>
            <div className="grid gap-1">
              <Label htmlFor="filter-sent-to-tester-by" className="text-xs text-muted-foreground">
                {t('filters.sentToTesterBy')}
              </Label>
              <UserPicker
                id="filter-sent-to-tester-by"
                label={t('filters.sentToTesterBy')}
                value={value.sentToTesterByUser}
                stores="id"
                onChange={set('sentToTesterByUser')}
              />
            </div>
            <DateFilter
              id="filter-sent-to-tester-from"
              label={t('filters.sentToTesterFrom')}
              value={value.sentToTesterFromDate}
              max={value.sentToTesterToDate}
              onChange={set('sentToTesterFromDate')}
            />
            <DateFilter
              id="filter-sent-to-tester-to"
              label={t('filters.sentToTesterTo')}
              value={value.sentToTesterToDate}
              min={value.sentToTesterFromDate}
              onChange={set('sentToTesterToDate')}
            />
            <DateFilter
              id="filter-sent-to-third-lab-from"
              label={t('filters.sentToThirdLabFrom')}
              value={value.sentToThirdLabFromDate}
              max={value.sentToThirdLabToDate}
              onChange={set('sentToThirdLabFromDate')}
            />
            <DateFilter
              id="filter-sent-to-third-lab-to"
              label={t('filters.sentToThirdLabTo')}
              value={value.sentToThirdLabToDate}
              min={value.sentToThirdLabFromDate}
              onChange={set('sentToThirdLabToDate')}
            />
            <Input
              aria-label={t('filters.packageCode')}
              placeholder={t('filters.packageCode')}
              className="self-end"
              value={value.packageCode}
              onChange={(e) => set('packageCode')(e.target.value)}
            />
          </>
        )}
      </div>
      {isFiltered && (
        <div>
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(emptySampleFilters)}>
            <XIcon />
            {t('filters.clear')}
          </Button>
        </div>
      )}
    </div>
  );
}
