import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/app/components/page/page-frame';
import { formatSampleDate, formatWeight } from '@/app/bench/format';
import { SampleActionBar } from '@/app/bench/actions/sample-action-bar';
import type { SampleEntry } from '@/app/bench/sample-queries';
import {
  actionsColumn,
  idflLinkColumn,
  SampleListCard,
  useSampleList,
  useSharedSampleColumns,
} from '@/app/bench/list/sample-list';
import type { SampleColumn } from '@/app/bench/list/sample-table';
import { useSampleConflictToasts } from '@/app/bench/actions/use-sample-action';
import { TesterCheckInDialog, TesterUndoDialog } from './tester-action-dialogs';
import { TESTER_ACTIONS, TESTER_STATUSES } from './tester-constants';
import { ScanCheckInButton } from '@/app/scan-check-in/scan-check-in-button';

type Dialog = { kind: 'testerCheckIn' | 'undoTester'; sample: SampleEntry } | null;

/** Tester Workspace (/testers): the Tester Sample List, offline first, with the tester filters. */
export function TesterSamplesPage() {
  const { t } = useTranslation('tester');
  const [dialog, setDialog] = useState<Dialog>(null);
  const view = useSampleList('tester', { pageSize: 50, orderField: 'sentToTesterDate', statuses: TESTER_STATUSES });
  useSampleConflictToasts();

  const shared = useSharedSampleColumns();
  const columns: SampleColumn[] = [
    idflLinkColumn(t('samples:field.idflNumber'), '/testers/$id'),
    shared.sampleCode,
    shared.sampleType,
    {
      key: 'sentToTester',
      header: t('samples:field.sentToTesterDate'),
      orderField: 'sentToTesterDate',
      wraps: true,
      cell: (s) => formatSampleDate(s.sentToTesterDate),
    },
    {
      key: 'weight',
      header: t('samples:field.remainingWeight'),
      wideOnly: true,
      cell: (s) => formatWeight(s.remainingWeight),
    },
    {
      key: 'package',
      header: t('samples:field.packageCode'),
      orderField: 'packageCode',
      wideOnly: true,
      wraps: true,
      cell: (s) => s.packageCode,
    },
    shared.status,
    actionsColumn(t('common:actions'), (sample, change) =>
      change ? null : (
        <SampleActionBar
          size="sm"
          status={sample.status}
          receipt={sample}
          handled={TESTER_ACTIONS}
          onAction={(action) => setDialog({ kind: action as 'testerCheckIn' | 'undoTester', sample })}
        />
      ),
    ),
  ];

  return (
    <PageFrame title={t('title')} actions={<ScanCheckInButton stage="tester" variant="outline" size="default" />}>
      <SampleListCard view={view} columns={columns} />
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
