import { PackagePlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayEdit } from '@/shared/workflow/sample-workflow';
import { Button } from '@/app/components/ui/button';
import { usePermissions } from '@/app/lib/session/use-session';
import { SampleActionBar } from '@/app/bench/actions/sample-action-bar';
import { SampleDetailFrame, SampleDetailMissing } from '@/app/bench/detail/sample-detail-frame';
import { useSampleConflictToasts } from '@/app/bench/actions/use-sample-action';
import { useSampleDetail } from '@/app/bench/detail/use-sample-detail';
import { AddToBatchDialog, TesterCheckInDialog, TesterUndoDialog, useCanAddToBatch } from './tester-action-dialogs';
import { TESTER_ACTIONS } from './tester-constants';
import { TesterSampleForm } from './tester-sample-form';

/** Tester Detail and Update Tester (/testers/{id}). */
export function TesterSampleDetailPage({ id }: { id: number }) {
  const { t } = useTranslation('tester');
  const held = usePermissions();
  const { sample, pending, isLoading, isCachedCopy, error } = useSampleDetail('tester', id);
  const [dialog, setDialog] = useState<'testerCheckIn' | 'undoTester' | 'addToBatch' | null>(null);
  const canAddToBatch = useCanAddToBatch(sample);
  useSampleConflictToasts();

  if (!sample)
    return <SampleDetailMissing namespace="tester" listPath="/testers" isLoading={isLoading} error={error} />;

  const canUpdate = mayEdit('testerUpdate', sample.status, held);
  return (
    <SampleDetailFrame
      namespace="tester"
      listPath="/testers"
      sample={sample}
      pending={pending}
      isCachedCopy={isCachedCopy}
      actions={
        !pending && (
          <div className="flex flex-wrap gap-2">
            {canAddToBatch && (
              <Button variant="outline" onClick={() => setDialog('addToBatch')}>
                <PackagePlusIcon />
                {t('addToBatch.open')}
              </Button>
            )}
            <SampleActionBar
              status={sample.status}
              receipt={sample}
              handled={TESTER_ACTIONS}
              onAction={(action) => setDialog(action as 'testerCheckIn' | 'undoTester')}
            />
          </div>
        )
      }
      dialogs={
        <>
          <TesterCheckInDialog
            sample={dialog === 'testerCheckIn' ? sample : null}
            onOpenChange={(open) => !open && setDialog(null)}
          />
          <TesterUndoDialog
            sample={dialog === 'undoTester' ? sample : null}
            onOpenChange={(open) => !open && setDialog(null)}
          />
          <AddToBatchDialog
            sample={dialog === 'addToBatch' ? sample : null}
            onOpenChange={(open) => !open && setDialog(null)}
          />
        </>
      }
    >
      {canUpdate && <TesterSampleForm key={sample.version} sample={sample} />}
    </SampleDetailFrame>
  );
}
