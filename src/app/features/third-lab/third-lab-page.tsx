import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ActivityIcon, PackageCheckIcon, PackageOpenIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uncertaintyFields } from '@/shared/schemas/third-lab';
import { RushBadge } from '@/app/components/rush-badge';
import { ReceiptConditionBadge } from '@/app/bench/receipt-condition-badge';
import { toast } from '@/app/lib/toast';
import { actionsFor } from '@/shared/workflow/sample-workflow';
import { Badge } from '@/app/components/ui/badge';
import { Button } from '@/app/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/app/components/ui/card';
import { formatDisplayDate } from '@/app/components/ui/display-date';
import { handleError } from '@/app/lib/api/handle-error';
import { usePermissions } from '@/app/lib/session/use-session';
import { syncEvents, type SyncedDetail } from '@/app/offline/sync-events';
import { PageFrame } from '@/app/components/page/page-frame';
import { ScanCheckInButton } from '@/app/scan-check-in/scan-check-in-button';
import { ConfirmSampleDialog } from '@/app/bench/actions/confirm-sample-dialog';
import type { SampleEntry } from '@/app/bench/sample-queries';
import { actionsColumn, BenchListCard, useBenchList } from '@/app/bench/list/sample-list';
import { SampleStatusBadge } from '@/app/bench/sample-status-badge';
import type { SampleColumn } from '@/app/bench/list/sample-table';
import { useSampleConflictToasts } from '@/app/bench/actions/use-sample-action';
import { StepSummary } from './step-summary';
import { ThirdLabFiltersBar } from './third-lab-filters';
import { emptyThirdLabFilters, thirdLabListQuery } from './third-lab-search';
import {
  isotopesOf,
  shownIsotopes,
  queueReturnResult,
  queueThirdLabCheckIn,
  THIRD_LAB_LIST,
  THIRD_LAB_PATH,
  THIRD_LAB_STATUSES,
  thirdLabQueries,
  type ThirdLabSample,
} from './third-lab-queries';
import { ThirdLabSampleSheet, type ThirdLabStep } from './third-lab-sample-sheet';
import { UndoPackageDialog } from './undo-package-dialog';
import { formatGrams, formatIsotope } from '@/app/lib/words/numbers';

/** Who may open the measurement runs. */
const RUN_READERS = ['CanViewMeasurementRun', 'CanImportMeasurementRun', 'CanRecomputeMeasurementRun'];

type OpenStep = { step: ThirdLabStep; sample: ThirdLabSample } | { step: 'undo'; sample: null };

/** Third lab (/thirdlab-samples): testing statistics, the samples received and their results. */
export function ThirdLabPage() {
  const { t, i18n } = useTranslation('third-lab');
  const held = usePermissions();
  const view = useBenchList<typeof emptyThirdLabFilters, ThirdLabSample>({
    list: THIRD_LAB_LIST,
    path: THIRD_LAB_PATH,
    emptyFilters: emptyThirdLabFilters,
    toQuery: (filters) => thirdLabListQuery(filters, THIRD_LAB_STATUSES),
    pageSize: 20,
    orderField: 'updatedAt',
  });
  // Where each sample is going with its queued steps (e.g. received, not yet confirmed by the server).
  const { samples, pending: queued } = view;
  const summary = useQuery(thirdLabQueries.summary());
  const [openId, setOpenId] = useState<number | null>(null);
  const [step, setStep] = useState<OpenStep | null>(null);
  useSampleConflictToasts();
  const queryClient = useQueryClient();

  // The counts change when a queued step reaches the server.
  useEffect(() => {
    const onSynced = (event: Event) => {
      if ((event as CustomEvent<SyncedDetail>).detail.lists.includes(THIRD_LAB_LIST))
        void queryClient.invalidateQueries({ queryKey: thirdLabQueries.all });
    };
    syncEvents.addEventListener('synced', onSynced);
    return () => syncEvents.removeEventListener('synced', onSynced);
  }, [queryClient]);

  // The drawer follows the list's row, so a synced change shows in it at once.
  const openSample = samples.items.find((item) => item.id === openId) ?? null;
  const date = (value: string | null | undefined) => formatDisplayDate(value, i18n.language);

  const takeStep = async (action: () => Promise<string>, message: string) => {
    try {
      await action();
      toast.success(t('common:success'), { description: message });
    } catch (error) {
      handleError(error);
    }
  };

  const pendingBadge = (id: number) => {
    const mark = samples.pending.get(String(id));
    if (!mark) return null;
    const attention = mark.state === 'failed' || mark.state === 'conflict';
    return (
      <Badge variant={attention ? 'destructive' : 'warning'} title={mark.error}>
        {t(`pending.${mark.state}`)}
      </Badge>
    );
  };

  // The list's rows are third-lab samples (the sample with its third-lab entry).
  const asThirdLab = (sample: SampleEntry) => sample as ThirdLabSample;
  const columns: SampleColumn[] = [
    {
      key: 'idfl',
      header: t('columns.idflNumber'),
      orderField: 'idflNumber',
      className: 'font-mono font-medium',
      cell: (sample) => (
        <>
          <button
            type="button"
            className="text-primary hover:underline"
            aria-label={t('open', { idflNumber: sample.idflNumber })}
            onClick={() => setOpenId(sample.id)}
          >
            {sample.idflNumber}
          </button>
          <RushBadge rush={sample.rushService} />
          <ReceiptConditionBadge sample={sample} inList />
        </>
      ),
    },
    {
      key: 'type',
      header: t('columns.sampleType'),
      wideOnly: true,
      wraps: true,
      cell: (sample) => sample.sampleType ?? '—',
    },
    { key: 'bn', header: t('columns.bnCode'), wideOnly: true, wraps: true, cell: (sample) => sample.bnCode ?? '—' },
    {
      key: 'package',
      header: t('columns.packageCode'),
      className: 'font-mono',
      wideOnly: true,
      cell: (sample) => sample.packageCode ?? '—',
    },
    {
      key: 'sent',
      header: t('columns.sentDate'),
      orderField: 'sentDate',
      wideOnly: true,
      wraps: true,
      cell: (sample) => date(asThirdLab(sample).thirdLabEntry?.sentDate ?? sample.sentDate),
    },
    {
      key: 'received',
      header: t('columns.receivedDate'),
      wideOnly: true,
      wraps: true,
      cell: (sample) => date(asThirdLab(sample).thirdLabEntry?.receivedDate),
    },
    {
      key: 'cho',
      header: t('columns.cho'),
      className: 'font-mono text-xs',
      wraps: true,
      cell: (sample) => {
        const values = isotopesOf(asThirdLab(sample));
        return `${formatIsotope(values.carbon)} / ${formatIsotope(values.hydrogen)} / ${formatIsotope(values.oxygen)}`;
      },
    },
    {
      key: 'returned',
      header: t('columns.resultReturnedDate'),
      wideOnly: true,
      wraps: true,
      cell: (sample) => date(asThirdLab(sample).thirdLabEntry?.resultReturnedDate),
    },
    {
      key: 'status',
      header: t('columns.status'),
      orderField: 'status',
      cell: (sample, change) => (
        <div className="flex flex-wrap items-center gap-1">
          <SampleStatusBadge status={sample.status} pendingTo={change?.to} pendingState={change?.state} mayWrap />
          {!change?.to && pendingBadge(sample.id)}
        </div>
      ),
    },
    actionsColumn(t('common:actions'), (sample) =>
      actionsFor(sample.status, held).includes('thirdLabCheckIn') && !queued.get(sample.id)?.to ? (
        <Button size="sm" onClick={() => setStep({ step: 'receive', sample: asThirdLab(sample) })}>
          <PackageCheckIcon />
          {t('actions.confirmReceived')}
        </Button>
      ) : null,
    ),
  ];

  return (
    <PageFrame
      title={t('title')}
      actions={
        <>
          {RUN_READERS.some((permission) => held.includes(permission)) && (
            <Button variant="outline" asChild>
              <Link to="/thirdlab-runs">
                <ActivityIcon />
                {t('actions.runs')}
              </Link>
            </Button>
          )}
          <ScanCheckInButton stage="thirdLab" variant="outline" size="default" />
          {held.includes('CanUndoSampleTransaction') && (
            <Button variant="outline" onClick={() => setStep({ step: 'undo', sample: null })}>
              <PackageOpenIcon />
              {t('actions.undoPackage')}
            </Button>
          )}
        </>
      }
    >
      <SummaryCards summary={summary.data} />

      <BenchListCard
        view={view}
        columns={columns}
        filters={<ThirdLabFiltersBar filters={view.filters} onChange={view.replaceFilters} />}
      />

      <ThirdLabSampleSheet
        sample={openSample}
        pending={openSample ? samples.pending.get(String(openSample.id)) : undefined}
        onClose={() => setOpenId(null)}
        onStep={(next, sample) => setStep({ step: next, sample })}
      />

      <ConfirmSampleDialog
        open={step?.step === 'receive'}
        onOpenChange={(open) => !open && setStep(null)}
        title={t('receive.title')}
        description={t('receive.description', { idflNumber: step?.sample?.idflNumber })}
        confirmLabel={t('actions.confirmReceived')}
        onConfirm={() => {
          const sample = step?.sample;
          if (!sample) return;
          return takeStep(() => queueThirdLabCheckIn(sample), t('receive.queued', { idflNumber: sample.idflNumber }));
        }}
      >
        <StepSummary rows={stepRows(step?.sample ?? null)} />
      </ConfirmSampleDialog>
      <ConfirmSampleDialog
        open={step?.step === 'return'}
        onOpenChange={(open) => !open && setStep(null)}
        title={t('return.title')}
        description={t('return.description', { idflNumber: step?.sample?.idflNumber })}
        confirmLabel={t('actions.returnResult')}
        onConfirm={() => {
          const sample = step?.sample;
          if (!sample) return;
          return takeStep(() => queueReturnResult(sample), t('return.queued', { idflNumber: sample.idflNumber }));
        }}
      >
        <StepSummary rows={stepRows(step?.sample ?? null, true)} />
      </ConfirmSampleDialog>
      {step?.step === 'undo' && (
        <UndoPackageDialog
          open
          onOpenChange={(open) => !open && setStep(null)}
          packageCode={step.sample?.packageCode}
        />
      )}
    </PageFrame>
  );

  function stepRows(sample: ThirdLabSample | null, withResult = false) {
    if (!sample) return [];
    const rows = [
      { label: t('columns.idflNumber'), value: sample.idflNumber },
      { label: t('columns.sampleType'), value: sample.sampleType },
      { label: t('columns.packageCode'), value: sample.packageCode },
      { label: t('columns.sentWeight'), value: sample.sentWeight != null ? formatGrams(sample.sentWeight) : null },
    ];
    if (!withResult) return rows;
    const values = isotopesOf(sample);
    return [
      ...rows,
      ...shownIsotopes(values).map((field) => ({
        label: t(`result.${field}`),
        value: formatIsotope(values[field], values[uncertaintyFields[field]]),
      })),
    ];
  }
}

type Summary = {
  byStatus: Record<string, number>;
  total: number;
  receivedThisMonth: number;
  returnedThisMonth: number;
};

function SummaryCards({ summary }: { summary: Summary | undefined }) {
  const { t } = useTranslation('third-lab');
  const cards = [
    { key: 'total', value: summary?.total },
    { key: 'awaiting', value: summary?.byStatus.SentToThirdLab ?? (summary ? 0 : undefined) },
    { key: 'inTesting', value: summary?.byStatus.ThirdLabConfirmed ?? (summary ? 0 : undefined) },
    { key: 'receivedThisMonth', value: summary?.receivedThisMonth },
    { key: 'returnedThisMonth', value: summary?.returnedThisMonth },
  ];
  return (
    <section className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label={t('summary.title')}>
      {cards.map((card) => (
        <Card key={card.key} className="gap-1 py-4" data-testid={`summary-${card.key}`}>
          <CardHeader className="px-4">
            <CardDescription>{t(`summary.${card.key}`)}</CardDescription>
            <CardTitle className="text-2xl tabular-nums">{card.value ?? '—'}</CardTitle>
          </CardHeader>
        </Card>
      ))}
    </section>
  );
}
