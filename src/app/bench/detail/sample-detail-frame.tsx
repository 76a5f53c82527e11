import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackButton } from '@/app/components/back-button';
import { OfflineCopyNotice } from '@/app/components/list-notices';
import { Card, CardContent } from '@/app/components/ui/card';
import { PrintLabelsButton } from '@/app/labels/print-labels-button';
import { RushBadge } from '@/app/components/rush-badge';
import { PageFrame } from '@/app/components/page/page-frame';
import { CustodyTimeline } from './custody-timeline';
import { ReviewSample } from './review-sample';
import type { SampleDetail, SampleEntry } from '../sample-queries';
import { ReceiptConditionBadge } from '../receipt-condition-badge';
import { SampleStatusBadge } from '../sample-status-badge';
import type { useSampleDetail } from './use-sample-detail';
import { DetailStatus } from '@/app/components/load-problem';

/** The lab whose detail screen it is: its words and the list the back button returns to. */
type DetailArea = { namespace: 'cs-lab' | 'tester'; listPath: '/clients' | '/testers' };

function BackToList({ namespace, listPath }: DetailArea) {
  const { t } = useTranslation(namespace);
  return <BackButton to={listPath} label={t('back')} />;
}

/** A sample detail screen before its sample is known: still loading, could not be loaded, or not found. */
export function SampleDetailMissing({
  isLoading,
  error,
  ...area
}: DetailArea & { isLoading: boolean; error: unknown }) {
  const { t } = useTranslation(area.namespace);
  return (
    <PageFrame title={t('detailTitle')} actions={<BackToList {...area} />}>
      <Card>
        <CardContent className="flex justify-center py-10 text-muted-foreground">
          <DetailStatus isLoading={isLoading} error={error} notFound={t('notFound')} />
        </CardContent>
      </Card>
    </PageFrame>
  );
}

type Pending = ReturnType<typeof useSampleDetail>['pending'];

/**
 * The frame every lab's sample detail shares: title, labels and back, the offline-copy notice, the
 * status with the lab's own actions beside it, then Review Sample and the chain of custody.
 */
export function SampleDetailFrame({
  sample,
  pending,
  isCachedCopy,
  actions,
  dialogs,
  children,
  ...area
}: DetailArea & {
  sample: SampleEntry | SampleDetail;
  pending: Pending;
  isCachedCopy: boolean;
  /** Beside the status badge. */
  actions: ReactNode;
  /** After the frame's content (they open over it). */
  dialogs: ReactNode;
  /** Between the status row and Review Sample. */
  children?: ReactNode;
}) {
  const { t } = useTranslation(area.namespace);
  return (
    <PageFrame
      title={t('detailTitleNamed', { idflNumber: sample.idflNumber })}
      actions={
        <div className="flex gap-2">
          <PrintLabelsButton source={{ kind: 'sample', id: sample.id }} />
          <BackToList {...area} />
        </div>
      }
    >
      <div className="grid gap-4">
        {isCachedCopy && <OfflineCopyNotice>{t('samples:offlineCopy')}</OfflineCopyNotice>}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span className="flex flex-wrap items-center gap-1">
            <SampleStatusBadge
              status={sample.status}
              certificateRevoked={sample.certificateRevoked}
              pendingTo={pending?.to}
              pendingState={pending?.state}
            />
            <RushBadge rush={'booking' in sample ? sample.booking?.rushService : sample.rushService} />
            <ReceiptConditionBadge sample={sample} />
          </span>
          {actions}
        </div>
        {children}
        <ReviewSample sample={sample} />
        <CustodyTimeline sampleId={sample.id} idflNumber={sample.idflNumber} />
      </div>
      {dialogs}
    </PageFrame>
  );
}
