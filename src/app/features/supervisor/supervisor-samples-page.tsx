import { Link } from '@tanstack/react-router';
import { CloudOffIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAnyPermission } from '@/shared/permissions';
import { ListPager } from '@/app/components/list-pager';
import { orderByOf, type Ordering } from '@/app/components/sortable-head';
import { Card, CardContent } from '@/app/components/ui/card';
import { formatDisplayDate } from '@/app/components/ui/date-picker';
import { useDebouncedValue } from '@/app/lib/use-debounced-value';
import { useStatusSearch } from '@/app/lib/status-search';
import { usePermissions } from '@/app/lib/use-session';
import { offlineListError } from '@/app/components/load-problem';
import { useOfflineList } from '@/app/offline/lists';
import { PageFrame } from '@/app/layout/page-frame';
import {
  emptySampleFilters,
  SampleFiltersBar,
  sampleListQuery,
  type SampleFilterValues,
} from '@/app/bench/sample-filters-bar';
import { SampleStatusBadge } from '@/app/bench/sample-status-badge';
import { SampleTable, type SampleColumn } from '@/app/bench/sample-table';
import { usePendingSampleChanges, useSampleConflictToasts } from '@/app/bench/use-sample-action';
import { SUPERVISOR_LIST, SUPERVISOR_PATH, SUPERVISOR_STATUSES } from './supervisor-queries';

/** Result Overview (spec 2 /supervisor-samples): samples at the third lab or past it, with the tester filters. */
export function SupervisorSamplesPage() {
  const { t, i18n } = useTranslation('supervisor');
  const held = usePermissions();
  const openedWith = useStatusSearch(SUPERVISOR_STATUSES);
  const [filters, setFilters] = useState<SampleFilterValues>({ ...emptySampleFilters, status: openedWith ?? '' });
  const [page, setPage] = useState({ limit: 20, offset: 0 });
  const [ordering, setOrdering] = useState<Ordering>({ field: 'updatedAt', direction: 'desc' });
  const debounced = useDebouncedValue(filters);
  const samples = useOfflineList({
    list: SUPERVISOR_LIST,
    path: SUPERVISOR_PATH,
    query: { ...sampleListQuery(debounced, 'tester'), ...page, orderBy: orderByOf(ordering) },
  });
  const pending = usePendingSampleChanges(SUPERVISOR_LIST);
  useSampleConflictToasts();
  const canOpen = hasAnyPermission(held, ['CanViewDetailSampleEntrySupervisor']);
  const date = (value: string | null | undefined) => formatDisplayDate(value, i18n.language);

  const columns: SampleColumn[] = [
    {
      key: 'idfl',
      header: t('columns.idflNumber'),
      orderField: 'idflNumber',
      className: 'font-mono font-medium',
      cell: (sample) =>
        canOpen ? (
          <Link
            to="/supervisor-samples/$id"
            params={{ id: String(sample.id) }}
            className="text-primary hover:underline"
            aria-label={t('list.open', { idflNumber: sample.idflNumber })}
          >
            {sample.idflNumber}
          </Link>
        ) : (
          sample.idflNumber
        ),
    },
    { key: 'type', header: t('columns.sampleType'), cell: (sample) => sample.sampleType ?? '—' },
    { key: 'source', header: t('columns.source'), cell: (sample) => sample.source ?? '—' },
    {
      key: 'package',
      header: t('columns.packageCode'),
      className: 'font-mono',
      cell: (sample) => sample.packageCode ?? '—',
    },
    {
      key: 'sent',
      header: t('columns.sentToThirdLab'),
      orderField: 'sentDate',
      cell: (sample) => date(sample.sentDate),
    },
    { key: 'predicted', header: t('columns.predictedOrigin'), cell: (sample) => sample.predictedOrigin ?? '—' },
    {
      key: 'status',
      header: t('columns.status'),
      orderField: 'status',
      cell: (sample, change) => (
        <SampleStatusBadge status={sample.status} pendingTo={change?.to} pendingState={change?.state} />
      ),
    },
    {
      key: 'updated',
      header: t('columns.updatedAt'),
      orderField: 'updatedAt',
      className: 'text-muted-foreground',
      cell: (sample) => date(sample.updatedAt),
    },
  ];

  return (
    <PageFrame title={t('list.title')}>
      <Card>
        <CardContent className="grid gap-4">
          <SampleFiltersBar
            value={filters}
            variant="tester"
            statuses={SUPERVISOR_STATUSES}
            onChange={(next) => {
              setFilters(next);
              setPage((current) => ({ ...current, offset: 0 }));
            }}
          />
          {samples.isOffline && (
            <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <CloudOffIcon className="size-4" />
              {t('offline')}
            </p>
          )}
          {samples.error && (
            <p className="text-sm text-destructive" role="alert">
              {samples.error}
            </p>
          )}
          <SampleTable
            items={samples.items}
            columns={columns}
            pending={pending}
            queuedIds={samples.pendingIds}
            isLoading={samples.isLoading}
            error={offlineListError(samples)}
            ordering={ordering}
            onOrder={(next) => {
              setOrdering(next);
              setPage((current) => ({ ...current, offset: 0 }));
            }}
          />
          <ListPager total={samples.total} limit={page.limit} offset={page.offset} onChange={setPage} />
        </CardContent>
      </Card>
    </PageFrame>
  );
}
