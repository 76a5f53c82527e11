import { useNavigate } from '@tanstack/react-router';
import { Trash2Icon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayEdit, type WorkflowActionName } from '@/shared/workflow/sample-workflow';
import { hasAnyPermission } from '@/shared/permissions';
import { CreateButton } from '@/app/components/create-button';
import { Button } from '@/app/components/ui/button';
import { usePermissions } from '@/app/lib/session/use-session';
import { PENDING_ID_PREFIX } from '@/app/offline/lists';
import { PageFrame } from '@/app/components/page/page-frame';
import { formatSampleDate } from '@/app/bench/format';
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
import { CsCheckInDialog } from './cs-check-in-dialog';
import { CS_STATUSES } from './cs-lab-constants';
import { CsSampleFormDialog } from './cs-sample-form-dialog';
import { ScanCheckInButton } from '@/app/scan-check-in/scan-check-in-button';
import { CsTransferDialog } from './cs-transfer-dialog';
import { DestroyOrderDialog } from './destroy-order-dialog';

export const CS_ACTIONS: readonly WorkflowActionName[] = ['csCheckIn', 'transferToTester'];

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; sample: SampleEntry }
  | { kind: 'csCheckIn'; sample: SampleEntry }
  | { kind: 'transferToTester'; sample: SampleEntry }
  | { kind: 'destroy' }
  | null;

/** A queued create has only what was typed: it shows as a New sample waiting for its IDFL number. */
function completeQueuedSample(sample: SampleEntry, pendingNumber: string): SampleEntry {
  if (!String(sample.id).startsWith(PENDING_ID_PREFIX)) return sample;
  return {
    ...sample,
    idflNumber: sample.idflNumber || pendingNumber,
    status: 'New',
    imageFileIds: sample.imageFileIds ?? [],
  };
}

/** CS Check In (/clients): the client-side lab's sample entries, offline first. */
export function CsSamplesPage() {
  const { t } = useTranslation('cs-lab');
  const navigate = useNavigate();
  const held = usePermissions();
  const [dialog, setDialog] = useState<Dialog>(null);
  const view = useSampleList('cs', { pageSize: 20, orderField: 'receivedDate', statuses: CS_STATUSES });
  const { samples } = view;
  useSampleConflictToasts();
  const canCreate = hasAnyPermission(held, ['CanCreateSampleEntryCs']);
  const canDestroy = hasAnyPermission(held, ['CanDestroyOrderSample']);
  const items = useMemo(
    () => samples.items.map((sample) => completeQueuedSample(sample, t('pendingNumber'))),
    [samples.items, t],
  );

  const shared = useSharedSampleColumns();
  const columns: SampleColumn[] = [
    idflLinkColumn(t('samples:field.idflNumber'), '/clients/$id'),
    shared.sampleCode,
    shared.sampleType,
    {
      key: 'source',
      header: t('samples:field.source'),
      orderField: 'source',
      wideOnly: true,
      wraps: true,
      cell: (s) => s.source,
    },
    {
      key: 'received',
      header: t('samples:field.receivedDate'),
      orderField: 'receivedDate',
      wraps: true,
      cell: (s) => formatSampleDate(s.receivedDate),
    },
    {
      key: 'receivedBy',
      header: t('samples:field.receivedBy'),
      wideOnly: true,
      wraps: true,
      cell: (s) => s.receivedBy,
    },
    shared.status,
    actionsColumn(t('common:actions'), (sample, change) =>
      typeof sample.id !== 'number' || change ? null : (
        <>
          {mayEdit('csUpdate', sample.status, held) && (
            <Button variant="ghost" size="sm" onClick={() => setDialog({ kind: 'edit', sample })}>
              {t('edit')}
            </Button>
          )}
          <SampleActionBar
            size="sm"
            status={sample.status}
            receipt={sample}
            handled={CS_ACTIONS}
            onAction={(action) => setDialog({ kind: action as 'csCheckIn' | 'transferToTester', sample })}
          />
        </>
      ),
    ),
  ];

  return (
    <PageFrame
      title={t('title')}
      actions={
        <div className="flex gap-2">
          <ScanCheckInButton
            stage="cs"
            variant="outline"
            size="default"
            openSample={(id) => void navigate({ to: '/clients/$id', params: { id: String(id) } })}
          />
          {canDestroy && (
            <Button variant="outline" onClick={() => setDialog({ kind: 'destroy' })}>
              <Trash2Icon />
              {t('destroy.open')}
            </Button>
          )}
          {canCreate && <CreateButton label={t('form.create')} onClick={() => setDialog({ kind: 'create' })} />}
        </div>
      }
    >
      <SampleListCard view={view} items={items} columns={columns} />
      <CsSampleFormDialog
        key={dialog?.kind === 'edit' ? `edit-${dialog.sample.id}` : 'create'}
        open={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        sample={dialog?.kind === 'edit' ? dialog.sample : undefined}
        onOpenChange={(open) => !open && setDialog(null)}
      />
      <CsCheckInDialog
        sample={dialog?.kind === 'csCheckIn' ? dialog.sample : null}
        onOpenChange={(open) => !open && setDialog(null)}
      />
      <CsTransferDialog
        sample={dialog?.kind === 'transferToTester' ? dialog.sample : null}
        onOpenChange={(open) => !open && setDialog(null)}
      />
      <DestroyOrderDialog
        open={dialog?.kind === 'destroy'}
        onOpenChange={(open) => !open && setDialog(null)}
        onDestroyed={() => void samples.refresh()}
      />
    </PageFrame>
  );
}
