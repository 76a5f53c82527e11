import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListNotices } from '@/app/components/list-notices';
import { ListPager } from '@/app/components/list-pager';
import { orderByOf, type Ordering } from '@/app/components/sortable-head';
import { Card, CardContent } from '@/app/components/ui/card';
import { useListFilters } from '@/app/components/use-list-filters';
import { useStatusSearch } from '@/app/lib/status-search';
import { offlineListError } from '@/app/components/load-problem';
import { useOfflineList } from '@/app/offline/lists';
import { SAMPLE_OFFLINE_FILTERS } from './sample-offline-filters';
import { emptySampleFilters, SampleFiltersBar, sampleListQuery } from './sample-filters-bar';
import { SAMPLE_LISTS, type SampleEntry } from './sample-queries';
import { SampleStatusBadge } from './sample-status-badge';
import { SampleTable, type SampleColumn } from './sample-table';
import { usePendingSampleChanges } from './use-sample-action';

type ListArea = 'cs' | 'tester';

/** A bench's sample list, offline first: its filters, page and ordering (newest first by `orderField`). */
export function useSampleList(
  area: ListArea,
  { pageSize, orderField, statuses }: { pageSize: number; orderField: string; statuses: readonly string[] },
) {
  const { list, path } = SAMPLE_LISTS[area];
  const openedWith = useStatusSearch(statuses);
  const view = useListFilters({ ...emptySampleFilters, status: openedWith ?? '' }, pageSize);
  const [ordering, setOrdering] = useState<Ordering>({ field: orderField, direction: 'desc' });
  const samples = useOfflineList({
    list,
    path,
    query: { ...sampleListQuery(view.settled, area), ...view.page, orderBy: orderByOf(ordering) },
    offlineFilters: SAMPLE_OFFLINE_FILTERS,
  });
  const pending = usePendingSampleChanges(list);
  return { ...view, area, ordering, setOrdering, samples, pending };
}

/** The columns every bench's sample list shows the same way. */
export function useSharedSampleColumns() {
  const { t } = useTranslation('samples');
  return {
    sampleCode: { key: 'code', header: t('field.sampleCode'), orderField: 'sampleCode', cell: (s) => s.sampleCode },
    sampleType: { key: 'type', header: t('field.sampleType'), orderField: 'sampleType', cell: (s) => s.sampleType },
    status: {
      key: 'status',
      header: t('field.status'),
      orderField: 'status',
      cell: (s, change) => <SampleStatusBadge status={s.status} pendingTo={change?.to} pendingState={change?.state} />,
    },
  } satisfies Record<string, SampleColumn>;
}

/** The card of a bench's sample list: offline notice, filters, the table and its pager. */
export function SampleListCard({
  view,
  items,
  columns,
  statuses,
}: {
  view: ReturnType<typeof useSampleList>;
  /** The rows to show (defaults to the list's own). */
  items?: SampleEntry[];
  columns: SampleColumn[];
  /** The statuses this list can hold, for the status filter. */
  statuses: readonly string[];
}) {
  const { t } = useTranslation('samples');
  const { samples } = view;
  return (
    <Card>
      <CardContent className="grid gap-4">
        <ListNotices isOffline={samples.isOffline} error={samples.error} offlineMessage={t('offlineCopy')} />
        <SampleFiltersBar value={view.filters} variant={view.area} statuses={statuses} onChange={view.replaceFilters} />
        <SampleTable
          items={items ?? samples.items}
          columns={columns}
          pending={view.pending}
          queuedIds={samples.pendingIds}
          isLoading={samples.isLoading}
          error={offlineListError(samples)}
          ordering={view.ordering}
          onOrder={view.setOrdering}
        />
        <ListPager total={samples.total} limit={view.page.limit} offset={view.page.offset} onChange={view.setPage} />
      </CardContent>
    </Card>
  );
}
