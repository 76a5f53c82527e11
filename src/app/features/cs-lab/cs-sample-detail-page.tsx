import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon, CloudOffIcon, PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canEdit } from '@/shared/sample-workflow';
import { hasAnyPermission } from '@/shared/permissions';
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
import { useSampleDetail } from '@/app/features/samples/use-sample-detail';
import { useSampleConflictToasts } from '@/app/features/samples/use-sample-action';
import { CsCheckInDialog } from './cs-check-in-dialog';
import { CsSampleFormDialog } from './cs-sample-form-dialog';
import { CS_ACTIONS } from './cs-samples-page';
import { CsTransferDialog } from './cs-transfer-dialog';

/** CS Check In detail (spec 2 /clients/{id}): Review Sample, its chain of custody and the CS actions. */
export function CsSampleDetailPage({ id }: { id: number }) {
  const { t } = useTranslation('cs-lab');
  const held = usePermissions();
  const { sample, pending, isLoading, isCachedCopy } = useSampleDetail('cs', id);
  const [dialog, setDialog] = useState<'edit' | 'csCheckIn' | 'transferToTester' | null>(null);
  useSampleConflictToasts();

  const back = (
    <Button variant="ghost" size="sm" asChild>
      <Link to="/clients">
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

  const canUpdate = hasAnyPermission(held, ['CanUpdateSampleEntryCs']) && canEdit('csUpdate', sample.status);
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
                handled={CS_ACTIONS}
                onAction={(action) => setDialog(action as 'csCheckIn' | 'transferToTester')}
              />
            )}
          </div>
        </div>
        <ReviewSample sample={sample} />
        <CustodyTimeline sampleId={sample.id} />
      </div>
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
    </PageFrame>
  );
}
