import { FileTextIcon, PencilIcon, SendIcon, XIcon } from 'lucide-react';
import { isDispatchBatchOpen } from '@/shared/workflow/record-workflows';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAnyPermission } from '@/shared/permissions';
import { dispatchBatchStatuses } from '@/shared/schemas/dispatch-batch';
import { CreateButton } from '@/app/components/create-button';
import { FilterInput } from '@/app/components/filter-input';
import { ListNotices } from '@/app/components/list-notices';
import { ListPager } from '@/app/components/list-pager';
import { offlineListError } from '@/app/components/load-problem';
import { ActionWords, ListTable, WIDE_ONLY, WRAPS } from '@/app/components/list-table';
import { filtersInUse, MoreFilters } from '@/app/components/more-filters';
import { FilterSelect } from '@/app/components/option-select';
import { orderByOf, SortableHead } from '@/app/components/sortable-head';
import type { Ordering } from '@/app/lib/lists/list-search';
import { ConfirmDialog } from '@/app/components/confirm-dialog';
import { Badge } from '@/app/components/ui/badge';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent } from '@/app/components/ui/card';
import { DatePicker } from '@/app/components/ui/date-picker';
import { Label } from '@/app/components/ui/label';
import { TableCell, TableHead, TableRow } from '@/app/components/ui/table';
import { useListFilters } from '@/app/components/use-list-filters';
import { usePermissions } from '@/app/lib/session/use-session';
import { useOfflineList, type ListQuery } from '@/app/offline/lists';
import { PrintLabelsButton } from '@/app/labels/print-labels-button';
import { PageFrame } from '@/app/components/page/page-frame';
import { formatSampleDate } from '@/app/bench/format';
import { UserPicker } from '@/app/bench/user-picker';
import { BatchFormDialog } from './batch-form-dialog';
import { DISPATCH_BATCHES, type DispatchBatchListItem } from '@/app/bench/dispatch-constants';
import { queueBatchSend } from './dispatch-queries';
import { PackingListDialog } from './packing-list-dialog';
import { noticeQueued } from '@/app/bench/actions/announce';

type Filters = {
  packageCode: string;
  shippmentNumber: string;
  sentBy: string;
  sentFromDate: string;
  sentToDate: string;
  status: string;
  search: string;
};

const noFilters: Filters = {
  packageCode: '',
  shippmentNumber: '',
  sentBy: '',
  sentFromDate: '',
  sentToDate: '',
  status: '',
  search: '',
};

const STATUS_VARIANT = { Draft: 'outline', Sent: 'warning', Received: 'default' } as const;

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; batch: DispatchBatchListItem }
  | { kind: 'send'; batch: DispatchBatchListItem }
  | { kind: 'packingList'; batch: DispatchBatchListItem }
  | null;

function batchListQuery(filters: Filters): ListQuery {
  return Object.fromEntries(
    Object.entries(filters)
      .filter(([, v]) => v.trim() !== '')
      .map(([k, v]) => [k, v.trim()]),
  );
}

/** Shipping Management (/packages): packages for the third lab, offline first. */
export function DispatchBatchesPage() {
  const { t } = useTranslation('dispatch');
  const held = usePermissions();
  const { filters, settled, page, setPage, setFilter } = useListFilters(noFilters);
  const [ordering, setOrdering] = useState<Ordering>({ field: 'createdAt', direction: 'desc' });
  const [dialog, setDialog] = useState<Dialog>(null);
  const batches = useOfflineList({
    list: DISPATCH_BATCHES.list,
    path: DISPATCH_BATCHES.path,
    query: { ...batchListQuery(settled), ...page, orderBy: orderByOf(ordering) },
  });
  const canCreate = hasAnyPermission(held, ['CanCreateDispatchBatch']);
  const canUpdate = hasAnyPermission(held, ['CanUpdateDispatchBatch']);
  const canSend = hasAnyPermission(held, [
    'CanCreateDispatchBatch',
    'CanUpdateDispatchBatch',
    'CanTransferSampleEntryToThirdLab',
  ]);
  const set = (name: keyof Filters) => (value: string) => setFilter(name, value);

  return (
    <PageFrame
      title={t('title')}
      actions={canCreate && <CreateButton label={t('form.create')} onClick={() => setDialog({ kind: 'create' })} />}
    >
      <Card>
        <CardContent className="grid gap-4">
          <ListNotices isOffline={batches.isOffline} error={batches.error} offlineMessage={t('samples:offlineCopy')} />
          <MoreFilters
            label={t('filters.title')}
            moreInUse={filtersInUse([filters.sentBy, filters.sentFromDate, filters.sentToDate])}
            first={
              <>
                <FilterInput label={t('filters.search')} value={filters.search} onChange={set('search')} />
                <FilterInput label={t('field.packageCode')} value={filters.packageCode} onChange={set('packageCode')} />
                <FilterInput
                  label={t('field.shippmentNumber')}
                  value={filters.shippmentNumber}
                  onChange={set('shippmentNumber')}
                />
                <FilterSelect
                  className="w-full"
                  label={t('field.status')}
                  anyLabel={t('filters.allStatuses')}
                  value={filters.status}
                  onValueChange={set('status')}
                  options={dispatchBatchStatuses.map((status) => ({ value: status, label: t(`status.${status}`) }))}
                />
              </>
            }
            more={
              <>
                <UserPicker
                  id="batch-sent-by"
                  label={t('field.sentBy')}
                  value={filters.sentBy}
                  stores="id"
                  onChange={set('sentBy')}
                />
                {(['sentFromDate', 'sentToDate'] as const).map((name) => (
                  <div key={name} className="flex items-end gap-1">
                    <div className="grid flex-1 gap-1">
                      <Label htmlFor={`batch-${name}`} className="text-xs text-muted-foreground">
                        {t(`filters.${name}`)}
                      </Label>
                      <DatePicker id={`batch-${name}`} value={filters[name]} onChange={set(name)} />
                    </div>
                    {filters[name] && (
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`${t(`filters.${name}`)} ×`}
                        onClick={() => set(name)('')}
                      >
                        <XIcon />
                      </Button>
                    )}
                  </div>
                ))}
              </>
            }
          />
          <ListTable
            columns={7}
            isLoading={batches.isLoading}
            error={offlineListError(batches)}
            items={batches.items}
            head={
              <>
                <SortableHead
                  field="packageCode"
                  ordering={ordering}
                  onOrder={setOrdering}
                  label={t('field.packageCode')}
                />
                <SortableHead
                  field="packageName"
                  ordering={ordering}
                  onOrder={setOrdering}
                  label={t('field.packageName')}
                />
                <TableHead className={WIDE_ONLY}>{t('field.shippmentNumber')}</TableHead>
                <TableHead className={WIDE_ONLY}>{t('field.sampleCount')}</TableHead>
                <SortableHead
                  field="sentDate"
                  ordering={ordering}
                  onOrder={setOrdering}
                  label={t('field.sentDate')}
                  className={WIDE_ONLY}
                />
                <SortableHead field="status" ordering={ordering} onOrder={setOrdering} label={t('field.status')} />
                <TableHead className="text-right">{t('common:actions')}</TableHead>
              </>
            }
            row={(batch) => {
              const id = String(batch.id);
              const mark = batches.pending.get(id);
              const isSaved = typeof batch.id === 'number';
              const isDraft = isDispatchBatchOpen(batch.status);
              return (
                <TableRow key={id} data-pending={mark ? 'true' : undefined}>
                  <TableCell className="font-mono font-medium">{batch.packageCode ?? t('pendingCode')}</TableCell>
                  <TableCell className={WRAPS}>{batch.packageName}</TableCell>
                  <TableCell className={WIDE_ONLY}>{batch.shippmentNumber}</TableCell>
                  <TableCell className={WIDE_ONLY}>
                    {batch.sampleCount ?? (batch as { sampleEntryIds?: number[] }).sampleEntryIds?.length ?? 0}
                  </TableCell>
                  <TableCell className={WIDE_ONLY}>{formatSampleDate(batch.sentDate)}</TableCell>
                  <TableCell>
                    <span className="flex flex-wrap gap-1">
                      <Badge
                        variant={STATUS_VARIANT[batch.status as keyof typeof STATUS_VARIANT] ?? 'outline'}
                        data-status={batch.status ?? 'Draft'}
                      >
                        {t(`status.${batch.status ?? 'Draft'}`)}
                      </Badge>
                      {mark && (
                        <Badge
                          variant={mark.state === 'failed' || mark.state === 'conflict' ? 'destructive' : 'warning'}
                          title={mark.error}
                        >
                          {t(`samples:pendingState.${mark.state}`)}
                        </Badge>
                      )}
                    </span>
                  </TableCell>
                  <TableCell className="text-right">
                    {isSaved && !mark && (
                      <div className="flex justify-end gap-1">
                        <PrintLabelsButton source={{ kind: 'dispatch-batch', id: batch.id }} variant="ghost" compact />
                        <Button variant="ghost" size="sm" onClick={() => setDialog({ kind: 'packingList', batch })}>
                          <FileTextIcon />
                          <ActionWords>{t('packingList.open')}</ActionWords>
                        </Button>
                        {isDraft && canUpdate && (
                          <Button variant="ghost" size="sm" onClick={() => setDialog({ kind: 'edit', batch })}>
                            <PencilIcon />
                            <ActionWords>{t('edit')}</ActionWords>
                          </Button>
                        )}
                        {isDraft && canSend && (
                          <Button
                            size="sm"
                            disabled={batch.sampleCount === 0}
                            title={batch.sampleCount === 0 ? t('send.empty') : undefined}
                            onClick={() => setDialog({ kind: 'send', batch })}
                          >
                            <SendIcon />
                            <ActionWords>{t('send.open')}</ActionWords>
                          </Button>
                        )}
                      </div>
                    )}
                  </TableCell>
                </TableRow>
              );
            }}
          />
          <ListPager total={batches.total} limit={page.limit} offset={page.offset} onChange={setPage} />
        </CardContent>
      </Card>
      <BatchFormDialog
        key={dialog?.kind === 'edit' ? `edit-${dialog.batch.id}-${dialog.batch.version}` : `create-${dialog?.kind}`}
        open={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        batch={dialog?.kind === 'edit' ? dialog.batch : undefined}
        onOpenChange={(open) => !open && setDialog(null)}
      />
      <PackingListDialog
        batchId={dialog?.kind === 'packingList' ? dialog.batch.id : null}
        onOpenChange={(open) => !open && setDialog(null)}
      />
      <ConfirmDialog
        open={dialog?.kind === 'send'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={t('send.title')}
        description={
          dialog?.kind === 'send' &&
          t('send.prompt', { packageCode: dialog.batch.packageCode, count: dialog.batch.sampleCount })
        }
        confirmLabel={t('send.confirm')}
        onConfirm={async () => {
          if (dialog?.kind !== 'send') return;
          await queueBatchSend(dialog.batch);
          noticeQueued(t('samples:queuedTitle'), t('queued'));
        }}
      />
    </PageFrame>
  );
}
