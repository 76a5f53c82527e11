import { RushBadge } from '@/app/components/rush-badge';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListNotices } from '@/app/components/list-notices';
import { ListPager } from '@/app/components/list-pager';
import { orderByOf } from '@/app/components/sortable-head';
import { Card, CardContent } from '@/app/components/ui/card';
import { useListSearch } from '@/app/lib/lists/list-view';
import { offlineListError } from '@/app/components/load-problem';
import type { ListPath, ListQueryOf } from '@/shared/api-contract';
import { useOfflineList, type ListQuery, type OfflineFilters, type OfflineList } from '@/app/offline/lists';
import { SAMPLE_OFFLINE_FILTERS } from './sample-offline-filters';
import { SampleFiltersBar } from './sample-filters-bar';
import { emptySampleFilters, sampleListQuery, type SampleFilterValues } from './sample-list-search';
import { SAMPLE_LISTS, type SampleArea, type SampleEntry } from '../sample-queries';
import { ReceiptConditionBadge } from '../receipt-condition-badge';
import { SampleStatusBadge } from '../sample-status-badge';
import { SampleTable, type SampleColumn } from './sample-table';
import { usePendingSampleChanges } from '../actions/use-sample-action';

/**
 * A bench's list of samples, offline first (the four benches: CS, tester, supervisor, third lab):
 * its filters, page and ordering kept in the route's search, the rows from the device's copy when
 * the server cannot be reached, and the changes still queued on the device.
 */
export function useBenchList<
  F extends Record<string, string>,
  T extends SampleEntry = SampleEntry,
  P extends ListPath = ListPath,
>({
  list,
  path,
  emptyFilters,
  toQuery,
  offlineFilters,
  pageSize,
  orderField,
}: {
  list: string;
  path: P;
  emptyFilters: F;
  /** The list call's query for these filters (blank ones left out). */
  toQuery: (filters: F) => ListQuery;
  offlineFilters?: OfflineFilters;
  pageSize: number;
  /** Newest first by this field, until a column is chosen. */
  orderField: string;
}) {
  const view = useListSearch(emptyFilters, { pageSize, ordering: { field: orderField, direction: 'desc' } });
  const samples = useOfflineList<P, T>({
    list,
    path,
    // The bench's own query builder names the filters; the contract checks the call sites' paths.
    query: { ...toQuery(view.settled), ...view.page, orderBy: orderByOf(view.ordering) } as ListQueryOf<P>,
    offlineFilters,
  });
  const pending = usePendingSampleChanges(list);
  return { ...view, samples, pending };
}

/** What the list's card needs of a bench list. */
type BenchListView = Pick<
  ReturnType<typeof useBenchList<Record<string, string>>>,
  'pending' | 'page' | 'setPage' | 'ordering' | 'setOrdering'
> & { samples: OfflineList<SampleEntry> };

/** A sample bench's list (CS, tester, supervisor): the sample filters, `variant="tester"` adding the tester's. */
export function useSampleList(
  area: SampleArea,
  { pageSize, orderField, statuses }: { pageSize: number; orderField: string; statuses: readonly string[] },
) {
  const variant = area === 'cs' ? 'cs' : 'tester';
  const view = useBenchList({
    ...SAMPLE_LISTS[area],
    emptyFilters: emptySampleFilters,
    // A status this list cannot hold (an old link) lists everything rather than nothing.
    toQuery: (filters: SampleFilterValues) =>
      sampleListQuery({ ...filters, status: statuses.includes(filters.status) ? filters.status : '' }, variant),
    offlineFilters: SAMPLE_OFFLINE_FILTERS,
    pageSize,
    orderField,
  });
  return { ...view, variant, statuses } as const;
}

/** The columns every bench's sample list shows the same way. */
export function useSharedSampleColumns() {
  const { t } = useTranslation('samples');
  return {
    sampleCode: {
      key: 'code',
      header: t('field.sampleCode'),
      orderField: 'sampleCode',
      wraps: true,
      cell: (s) => s.sampleCode,
    },
    sampleType: {
      key: 'type',
      header: t('field.sampleType'),
      orderField: 'sampleType',
      wraps: true,
      cell: (s) => s.sampleType,
    },
    status: {
      key: 'status',
      header: t('field.status'),
      orderField: 'status',
      cell: (s, change) => (
        <SampleStatusBadge
          status={s.status}
          certificateRevoked={s.certificateRevoked}
          pendingTo={change?.to}
          pendingState={change?.state}
          mayWrap
        />
      ),
    },
  } satisfies Record<string, SampleColumn>;
}

/**
 * The IDFL number column, opening the sample on the bench's own detail page; a sample queued on the
 * device (no server id yet) or one the person may not open shows its number only.
 */
export function idflLinkColumn(
  header: string,
  to: '/clients/$id' | '/testers/$id' | '/supervisor-samples/$id',
  { canOpen = true, label }: { canOpen?: boolean; label?: (sample: SampleEntry) => string } = {},
): SampleColumn {
  return {
    key: 'idfl',
    header,
    orderField: 'idflNumber',
    // The number never breaks; a rush booking's mark sits beside it, or under it when the list has
    // no room (a bench tablet's 820 px in Vietnamese), rather than widen the list.
    className: 'font-mono font-medium whitespace-normal',
    cell: (sample) => (
      <>
        {typeof sample.id !== 'number' ? (
          <span className="whitespace-nowrap text-muted-foreground italic">{sample.idflNumber}</span>
        ) : canOpen ? (
          <Link
            to={to}
            params={{ id: String(sample.id) }}
            className="whitespace-nowrap text-primary underline-offset-4 hover:underline"
            aria-label={label?.(sample)}
          >
            {sample.idflNumber}
          </Link>
        ) : (
          <span className="whitespace-nowrap">{sample.idflNumber}</span>
        )}
        <RushBadge rush={sample.rushService} />
        <ReceiptConditionBadge sample={sample} inList />
      </>
    ),
  };
}

/**
 * The row's actions, at its end: its buttons go onto more lines rather than widen the list past a
 * bench tablet (every action stays on the row).
 */
export function actionsColumn(header: string, cell: SampleColumn['cell']): SampleColumn {
  return {
    key: 'actions',
    header,
    className: 'text-right',
    cell: (sample, change) => <div className="flex flex-wrap justify-end gap-1">{cell(sample, change)}</div>,
  };
}

/** The card of a bench's list: the offline notice, its filters, the table and its pager. */
export function BenchListCard({
  view,
  filters,
  items,
  columns,
}: {
  view: BenchListView;
  /** The bench's filters bar. */
  filters: ReactNode;
  /** The rows to show (defaults to the list's own). */
  items?: SampleEntry[];
  columns: SampleColumn[];
}) {
  const { t } = useTranslation('samples');
  const { samples } = view;
  return (
    <Card>
      <CardContent className="grid gap-4">
        <ListNotices isOffline={samples.isOffline} error={samples.error} offlineMessage={t('offlineCopy')} />
        {filters}
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

/** The card of a sample bench's list, with the sample filters. */
export function SampleListCard({
  view,
  items,
  columns,
}: {
  view: ReturnType<typeof useSampleList>;
  items?: SampleEntry[];
  columns: SampleColumn[];
}) {
  return (
    <BenchListCard
      view={view}
      items={items}
      columns={columns}
      filters={
        <SampleFiltersBar
          value={view.filters}
          variant={view.variant}
          statuses={view.statuses}
          onChange={view.replaceFilters}
        />
      }
    />
  );
}
