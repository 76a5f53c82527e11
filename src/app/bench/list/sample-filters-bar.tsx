import { XIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterInput } from '@/app/components/filter-input';
import { LabelledControl } from '@/app/components/labelled-input';
import { FilterSelect } from '@/app/components/option-select';
import { filtersInUse, MoreFilters } from '@/app/components/more-filters';
import { Button } from '@/app/components/ui/button';
import { DatePicker } from '@/app/components/ui/date-picker';
import { UserPicker } from '../user-picker';
import { emptySampleFilters, sampleListQuery, type SampleFilterValues } from './sample-list-search';

/** A filter with its small label above it. */
function LabelledFilter({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <LabelledControl id={id} label={label} labelClassName="text-xs text-muted-foreground">
      {children}
    </LabelledControl>
  );
}

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
    <LabelledFilter id={id} label={label}>
      <div className="flex gap-1">
        <DatePicker id={id} value={value} onChange={onChange} min={min || undefined} max={max || undefined} />
        {value && (
          <Button type="button" variant="ghost" size="icon" aria-label={`${label} ×`} onClick={() => onChange('')}>
            <XIcon />
          </Button>
        )}
      </div>
    </LabelledFilter>
  );
}

/** The date ranges a list can be filtered by: the first day bounds the last, and the other way round. */
const DATE_RANGES = {
  received: { id: 'filter-received', from: 'receivedFromDate', to: 'receivedToDate' },
  sentToTester: { id: 'filter-sent-to-tester', from: 'sentToTesterFromDate', to: 'sentToTesterToDate' },
  sentToThirdLab: { id: 'filter-sent-to-third-lab', from: 'sentToThirdLabFromDate', to: 'sentToThirdLabToDate' },
} as const satisfies Record<string, { id: string; from: keyof SampleFilterValues; to: keyof SampleFilterValues }>;

function DateRangeFilter({
  range,
  value,
  set,
}: {
  range: keyof typeof DATE_RANGES;
  value: SampleFilterValues;
  set: (name: keyof SampleFilterValues) => (next: string) => void;
}) {
  const { t } = useTranslation('samples');
  const { id, from, to } = DATE_RANGES[range];
  // Each end bounds the other: the first day cannot come after the last, nor the last before the first.
  const ends = [
    { end: 'from', name: from, max: value[to] },
    { end: 'to', name: to, min: value[from] },
  ] as const;
  return ends.map(({ end, name, ...bound }) => (
    <DateFilter
      key={end}
      id={`${id}-${end}`}
      label={t(`filters.${range}${end === 'from' ? 'From' : 'To'}`)}
      value={value[name]}
      onChange={set(name)}
      {...bound}
    />
  ));
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
  // The first few filters a bench reaches for stay in view; the dates and people fold away.
  const folded: (keyof SampleFilterValues)[] = [
    'receivedFromDate',
    'receivedToDate',
    'receivedByUser',
    ...(variant === 'tester'
      ? ([
          'sentToTesterByUser',
          'sentToTesterFromDate',
          'sentToTesterToDate',
          'sentToThirdLabFromDate',
          'sentToThirdLabToDate',
          'packageCode',
        ] as const)
      : []),
  ];
  return (
    <MoreFilters
      label={t('filters.title')}
      moreInUse={filtersInUse(folded.map((name) => value[name]))}
      first={
        <>
          <FilterInput
            label={t('filters.search')}
            placeholder={t('filters.searchPlaceholder')}
            title={t('filters.searchHint')}
            value={value.search}
            onChange={set('search')}
          />
          <FilterInput label={t('filters.idflNumber')} value={value.IDFLNumber} onChange={set('IDFLNumber')} />
          <FilterInput
            label={t('filters.sources')}
            title={t('filters.sourcesHint')}
            value={value.sources}
            onChange={set('sources')}
          />
          <FilterSelect
            className="w-full"
            label={t('filters.status')}
            anyLabel={t('filters.allStatuses')}
            value={value.status}
            onValueChange={set('status')}
            options={statuses.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          />
        </>
      }
      more={
        <>
          <DateRangeFilter range="received" value={value} set={set} />
          <LabelledFilter id="filter-received-by" label={t('filters.receivedBy')}>
            <UserPicker
              id="filter-received-by"
              label={t('filters.receivedBy')}
              value={value.receivedByUser}
              onChange={set('receivedByUser')}
            />
          </LabelledFilter>
          {variant === 'tester' && (
            <>
              <LabelledFilter id="filter-sent-to-tester-by" label={t('filters.sentToTesterBy')}>
                <UserPicker
                  id="filter-sent-to-tester-by"
                  label={t('filters.sentToTesterBy')}
                  value={value.sentToTesterByUser}
                  stores="id"
                  onChange={set('sentToTesterByUser')}
                />
              </LabelledFilter>
              <DateRangeFilter range="sentToTester" value={value} set={set} />
              <DateRangeFilter range="sentToThirdLab" value={value} set={set} />
              <FilterInput
                label={t('filters.packageCode')}
                className="self-end"
                value={value.packageCode}
                onChange={set('packageCode')}
              />
            </>
          )}
        </>
      }
      after={
        isFiltered && (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(emptySampleFilters)}>
            <XIcon />
            {t('filters.clear')}
          </Button>
        )
      }
    />
  );
}
