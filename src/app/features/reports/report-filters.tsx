import { useTranslation } from 'react-i18next';
import { sampleStatuses } from '@/shared/workflow/sample-workflow';
import { LabelledControl, LabelledInput } from '@/app/components/labelled-input';
import { filtersInUse, MoreFilters } from '@/app/components/more-filters';
import { FilterSelect } from '@/app/components/option-select';
import { DatePicker } from '@/app/components/ui/date-picker';
import type { ReportFilters, ReportKind } from './report-queries';

/** The received period: the days the report's samples were received between. */
const PERIOD = [
  { name: 'receivedFromDate', id: 'report-from' },
  { name: 'receivedToDate', id: 'report-to' },
] as const;

/**
 * A report's filters: the period and the sources (or the status) it counts stay in view; who
 * received the samples folds into "More filters", as a bench list's rarer filters do, so the report
 * itself starts above the fold on a bench tablet.
 */
export function ReportFilterBar({
  kind,
  filters,
  onChange,
}: {
  kind: ReportKind;
  filters: ReportFilters;
  onChange: (name: keyof ReportFilters, value: string) => void;
}) {
  const { t } = useTranslation(['reports', 'samples']);
  return (
    <MoreFilters
      label={t('reports:filters.title')}
      moreInUse={filtersInUse([filters.receivedByUser])}
      first={
        <>
          {PERIOD.map(({ name, id }) => (
            <LabelledControl key={name} id={id} label={t(`reports:filters.${name}`)}>
              <DatePicker id={id} value={filters[name]} onChange={(value) => onChange(name, value)} />
            </LabelledControl>
          ))}
          {kind === 'source' ? (
            <LabelledInput
              id="report-sources"
              label={t('reports:filters.sources')}
              placeholder={t('reports:filters.sourcesHint')}
              value={filters.values}
              onChange={(e) => onChange('values', e.target.value)}
            />
          ) : (
            <LabelledControl id="report-status" label={t('reports:filters.status')}>
              <FilterSelect
                id="report-status"
                anyLabel={t('reports:filters.allStatuses')}
                value={filters.values}
                onValueChange={(v) => onChange('values', v)}
                options={sampleStatuses.map((status) => ({ value: status, label: t(`samples:status.${status}`) }))}
              />
            </LabelledControl>
          )}
        </>
      }
      more={
        <LabelledInput
          id="report-received-by"
          label={t('reports:filters.receivedByUser')}
          value={filters.receivedByUser}
          onChange={(e) => onChange('receivedByUser', e.target.value)}
        />
      }
    />
  );
}
