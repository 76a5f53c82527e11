import { Link } from '@tanstack/react-router';
import { CloudOffIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPager } from '@/app/components/list-pager';
import { orderByOf, type Ordering } from '@/app/components/sortable-head';
import { Card, CardContent } from '@/app/components/ui/card';
import { useDebouncedValue } from '@/app/lib/use-debounced-value';
import { useOfflineList } from '@/app/offline/lists';
import { PageFrame } from '@/app/features/layout/page-frame';
import { formatSampleDate, formatWeight } from '@/app/features/samples/format';
import { SampleActionBar } from '@/app/features/samples/sample-action-bar';
import {
  emptySampleFilters,
  SampleFiltersBar,
  sampleListQuery,
  type SampleFilterValues,
} from '@/app/features/samples/sample-filters-bar';
import type { SampleEntry } from '@/app/features/samples/sample-queries';
import { SampleStatusBadge } from '@/app/features/samples/sample-status-badge';
import { SampleTable, type SampleColumn } from '@/app/features/samples/sample-table';
import { usePendingSampleChanges, useSampleConflictToasts } from '@/app/features/samples/use-sample-action';
import { TesterCheckInDialog, TesterUndoDialog } from './tester-action-dialogs';
import { TESTER_ACTIONS, TESTER_SAMPLES, TESTER_STATUSES } from './tester-constants';
import { TesterScanCheckIn } from './tester-scan-check-in';

type Dialog = { kind: 'testerCheckIn' | 'undoTester'; sample: SampleEntry } | null;

/** Tester Workspace (spec 2 /testers): the Tester Sample List, offline first, with the tester filters. */
export function TesterSamplesPage() {
  const { t } = useTranslation('tester');
  const [filters, setFilters] = useState<SampleFilterValues>(emptySampleFilters);
  const [page, setPage] = useState({ limit: 50, offset: 0 });
  const [ordering, setOrdering] = useState<Ordering>({ field: 'sentToTesterDate', direction: 'desc' });
  const [dialog, setDialog] = useState<Dialog>(null);
  const debounced = useDebouncedValue(filters);
  const samples = useOfflineList<SampleEntry>({
    list: TESTER_SAMPLES.list,
    path: TESTER_SAMPLES.path,
    query: { ...sampleListQuery(debounced, 'tester'), ...page, orderBy: orderByOf(ordering) },
  });
  const pending = usePendingSampleChanges(TESTER_SAMPLES.list);
  useSampleConflictToasts();

  const columns: SampleColumn[] = [
    {
      key: 'idfl',
      header: t('samples:field.idflNumber'),
      orderField: 'idflNumber',
      cell: (sample) => (
        <Link
          to="/testers/$id"
          params={{ id: String(sample.id) }}
          className="font-mono font-medium underline-offset-4 hover:underline"
        >
          {sample.idflNumber}
        </Link>
      ),
    },
    { key: 'code', header: t('samples:field.sampleCode'), orderField: 'sampleCode', cell: (s) => s.sampleCode },
    { key: 'type', header: t('samples:field.sampleType'), orderField: 'sampleType', cell: (s) => s.sampleType },
    {
      key: 'sentToTester',
      header: t('samples:field.sentToTesterDate'),
      orderField: 'sentToTesterDate',
      cell: (s) => formatSampleDate(s.sentToTesterDate),
    },
    { key: 'weight', header: t('samples:field.remainingWeight'), cell: (s) => formatWeight(s.remainingWeight) },
    { key: 'package', header: t('samples:field.packageCode'), orderField: 'packageCode', cell: (s) => s.packageCode },
    {
      key: 'status',
      header: t('samples:field.status'),
      orderField: 'status',
      cell: (s, change) => <SampleStatusBadge status={s.status} pendingTo={change?.to} pendingState={change?.state} />,
    },
    {
      key: 'actions',
      header: t('common:actions'),
      className: 'text-right',
      cell: (sample, change) =>
        change ? null : (
          <div className="flex justify-end">
            <SampleActionBar
              size="sm"
              status={sample.status}
              handled={TESTER_ACTIONS}
              onAction={(action) => setDialog({ kind: action as 'testerCheckIn' | 'undoTester', sample })}
            />
          </div>
        ),
    },
  ];

  return (
    <PageFrame title={t('title')} actions={<TesterScanCheckIn />}>
      <Card>
        <CardContent className="grid gap-4">
          {samples.isOffline && (
            <p className="flex items-center gap-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900" role="status">
              <CloudOffIcon className="size-4" />
              {t('samples:offlineCopy')}
            </p>
          )}
          {samples.error && (
            <p className="rounded-md bg-destructive/10 p-2 text-sm text-destructive" role="alert">
              {samples.error}
            </p>
          )}
          <SampleFiltersBar
            value={filters}
            variant="tester"
            statuses={TESTER_STATUSES}
            onChange={(next) => {
              setFilters(next);
              setPage((current) => ({ ...current, offset: 0 }));
            }}
          />
          <SampleTable
            items={samples.items}
            columns={columns}
            pending={pending}
            queuedIds={samples.pendingIds}
            isLoading={samples.isLoading}
            ordering={ordering}
            onOrder={setOrdering}
          />
          <ListPager total={samples.total} limit={page.limit} offset={page.offset} onChange={setPage} />
        </CardContent>
      </Card>
      <TesterCheckInDialog
        sample={dialog?.kind === 'testerCheckIn' ? dialog.sample : null}
        onOpenChange={(open) => !open && setDialog(null)}
      />
      <TesterUndoDialog
        sample={dialog?.kind === 'undoTester' ? dialog.sample : null}
        onOpenChange={(open) => !open && setDialog(null)}
      />
    </PageFrame>
  );
}
