import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon, CloudOffIcon, PackagePlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAnyPermission } from '@/shared/permissions';
import { canEdit } from '@/shared/sample-workflow';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent } from '@/app/components/ui/card';
import { Spinner } from '@/app/components/ui/spinner';
import { usePermissions } from '@/app/lib/use-session';
import { PrintLabelsButton } from '@/app/features/labels/print-labels-button';
import { PageFrame } from '@/app/features/layout/page-frame';
import { CustodyTimeline } from '@/app/features/samples/custody-timeline';
import { ReviewSample } from '@/app/features/samples/review-sample';
import { SampleActionBar } from '@/app/features/samples/sample-action-bar';
import { SampleStatusBadge } from '@/app/features/samples/sample-status-badge';
import { useSampleConflictToasts } from '@/app/features/samples/use-sample-action';
import { useSampleDetail } from '@/app/features/samples/use-sample-detail';
import { AddToBatchDialog, TesterCheckInDialog, TesterUndoDialog, useCanAddToBatch } from './tester-action-dialogs';
import { TESTER_ACTIONS } from './tester-constants';
import { TesterSampleForm } from './tester-sample-form';

/** Tester Detail and Update Tester (spec 2 /testers/{id}). */
export function TesterSampleDetailPage({ id }: { id: number }) {
  const { t } = useTranslation('tester');
  const held = usePermissions();
  const { sample, pending, isLoading, isCachedCopy } = useSampleDetail('tester', id);
  const [dialog, setDialog] = useState<'testerCheckIn' | 'undoTester' | 'addToBatch' | null>(null);
  const canAddToBatch = useCanAddToBatch(sample);
  useSampleConflictToasts();

  const back = (
    <Button variant="ghost" size="sm" asChild>
      <Link to="/testers">
        <ArrowLeftIcon />
        {t('back')}
      </Link>
    </Button>
  );

  if (!sample) {
    return (
      <PageFrame title={t('detailTitle')} actions={back}>
        <Card>
          <CardContent className="flex justify-center py-10 text-muted-foreground">
            {isLoading ? <Spinner className="size-6" /> : t('notFound')}
          </CardContent>
        </Card>
      </PageFrame>
    );
  }

  const canUpdate = hasAnyPermission(held, ['CanUpdateSampleEntryTester']) && canEdit('testerUpdate', sample.status);
  return (
    <PageFrame
      title={t('detailTitleNamed', { idflNumber: sample.idflNumber })}
      actions={
        <div className="flex gap-2">
          <PrintLabelsButton source={{ kind: 'sample', id: sample.id }} />
          {back}
        </div>
      }
    >
      <div className="grid gap-4">
        {isCachedCopy && (
          <p className="flex items-center gap-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900" role="status">
            <CloudOffIcon className="size-4" />
            {t('samples:offlineCopy')}
          </p>
        )}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <SampleStatusBadge status={sample.status} pendingTo={pending?.to} pendingState={pending?.state} />
          {!pending && (
            <div className="flex flex-wrap gap-2">
              {canAddToBatch && (
                <Button variant="outline" onClick={() => setDialog('addToBatch')}>
                  <PackagePlusIcon />
                  {t('addToBatch.open')}
                </Button>
              )}
              <SampleActionBar
                status={sample.status}
                handled={TESTER_ACTIONS}
                onAction={(action) => setDialog(action as 'testerCheckIn' | 'undoTester')}
              />
            </div>
          )}
        </div>
        {canUpdate && <TesterSampleForm key={sample.version} sample={sample} />}
        <ReviewSample sample={sample} />
        <CustodyTimeline sampleId={sample.id} />
      </div>
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
    </PageFrame>
  );
}
