import { PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayEdit } from '@/shared/workflow/sample-workflow';
import { Button } from '@/app/components/ui/button';
import { usePermissions } from '@/app/lib/session/use-session';
import { SampleActionBar } from '@/app/bench/actions/sample-action-bar';
import { SampleDetailFrame, SampleDetailMissing } from '@/app/bench/detail/sample-detail-frame';
import { useSampleDetail } from '@/app/bench/detail/use-sample-detail';
import { useSampleConflictToasts } from '@/app/bench/actions/use-sample-action';
import { CsCheckInDialog } from './cs-check-in-dialog';
import { CsSampleFormDialog } from './cs-sample-form-dialog';
import { CS_ACTIONS } from './cs-samples-page';
import { CsTransferDialog } from './cs-transfer-dialog';
import { ReceiptDecisionPanel } from './receipt-decision-dialog';

/** CS Check In detail (/clients/{id}): Review Sample, its chain of custody and the CS actions. */
export function CsSampleDetailPage({ id }: { id: number }) {
  const { t } = useTranslation('cs-lab');
  const held = usePermissions();
  const { sample, pending, isLoading, isCachedCopy, error } = useSampleDetail('cs', id);
  const [dialog, setDialog] = useState<'edit' | 'csCheckIn' | 'transferToTester' | null>(null);
  useSampleConflictToasts();

  if (!sample)
    return <SampleDetailMissing namespace="cs-lab" listPath="/clients" isLoading={isLoading} error={error} />;

  const canUpdate = mayEdit('csUpdate', sample.status, held);
  return (
    <SampleDetailFrame
      namespace="cs-lab"
      listPath="/clients"
      sample={sample}
      pending={pending}
      isCachedCopy={isCachedCopy}
      actions={
        <div className="flex flex-wrap gap-2">
          {canUpdate && !pending && (
            <Button variant="outline" onClick={() => setDialog('edit')}>
              <PencilIcon />
              {t('edit')}
            </Button>
          )}
          {!pending && (
            <SampleActionBar
              status={sample.status}
              receipt={sample}
              handled={CS_ACTIONS}
              onAction={(action) => setDialog(action as 'csCheckIn' | 'transferToTester')}
            />
          )}
        </div>
      }
      dialogs={
        <>
          <CsSampleFormDialog
            key={`edit-${sample.version}`}
            open={dialog === 'edit'}
            sample={sample}
            onOpenChange={(open) => !open && setDialog(null)}
          />
          <CsCheckInDialog
            sample={dialog === 'csCheckIn' ? sample : null}
            onOpenChange={(open) => !open && setDialog(null)}
          />
          <CsTransferDialog
            sample={dialog === 'transferToTester' ? sample : null}
            onOpenChange={(open) => !open && setDialog(null)}
          />
        </>
      }
    >
      <ReceiptDecisionPanel sample={sample} queued={Boolean(pending)} />
    </SampleDetailFrame>
  );
}
