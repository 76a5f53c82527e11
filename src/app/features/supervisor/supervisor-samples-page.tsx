import { useTranslation } from 'react-i18next';
import { usePredictionWords } from '@/app/lib/words/prediction-words';
import { hasAnyPermission } from '@/shared/permissions';
import { formatDisplayDate } from '@/app/components/ui/display-date';
import { usePermissions } from '@/app/lib/session/use-session';
import { PageFrame } from '@/app/components/page/page-frame';
import { idflLinkColumn, SampleListCard, useSampleList, useSharedSampleColumns } from '@/app/bench/list/sample-list';
import type { SampleColumn } from '@/app/bench/list/sample-table';
import { useSampleConflictToasts } from '@/app/bench/actions/use-sample-action';
import { SUPERVISOR_STATUSES } from './supervisor-queries';

/** Result Overview (/supervisor-samples): samples at the third lab or past it, with the tester filters. */
export function SupervisorSamplesPage() {
  const { t, i18n } = useTranslation('supervisor');
  const predictionWords = usePredictionWords();
  const held = usePermissions();
  const view = useSampleList('supervisor', { pageSize: 20, orderField: 'updatedAt', statuses: SUPERVISOR_STATUSES });
  useSampleConflictToasts();
  const canOpen = hasAnyPermission(held, ['CanViewDetailSampleEntrySupervisor']);
  const date = (value: string | null | undefined) => formatDisplayDate(value, i18n.language);

  const shared = useSharedSampleColumns();
  const columns: SampleColumn[] = [
    idflLinkColumn(t('columns.idflNumber'), '/supervisor-samples/$id', {
      canOpen,
      label: (sample) => t('list.open', { idflNumber: sample.idflNumber }),
    }),
    { key: 'type', header: t('columns.sampleType'), wraps: true, cell: (sample) => sample.sampleType ?? '—' },
    {
      key: 'source',
      header: t('columns.source'),
      wideOnly: true,
      wraps: true,
      cell: (sample) => sample.source ?? '—',
    },
    {
      key: 'package',
      header: t('columns.packageCode'),
      className: 'font-mono',
      wideOnly: true,
      cell: (sample) => sample.packageCode ?? '—',
    },
    {
      key: 'sent',
      header: t('columns.sentToThirdLab'),
      orderField: 'sentDate',
      wraps: true,
      cell: (sample) => date(sample.sentDate),
    },
    {
      key: 'predicted',
      header: t('columns.predictedOrigin'),
      wraps: true,
      cell: (sample) => predictionWords(sample.predictedOrigin) ?? '—',
    },
    shared.status,
    {
      key: 'updated',
      header: t('columns.updatedAt'),
      orderField: 'updatedAt',
      className: 'text-muted-foreground',
      wideOnly: true,
      wraps: true,
      cell: (sample) => date(sample.updatedAt),
    },
  ];

  return (
    <PageFrame title={t('list.title')}>
      <SampleListCard view={view} columns={columns} />
    </PageFrame>
  );
}
