import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/app/components/ui/card';
import { formatSampleDate, formatWeight } from '../format';
import type { SampleDetail, SampleEntry } from '../sample-queries';
import { ReceiptConditionBadge } from '../receipt-condition-badge';
import { SampleStatusBadge } from '../sample-status-badge';
import { StoredImage } from './stored-image';

type Reviewed = SampleEntry & Partial<Pick<SampleDetail, 'booking' | 'dispatchBatch'>>;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words whitespace-pre-wrap">{empty ? '—' : children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="gap-3 py-4" role="region" aria-label={title}>
      <CardHeader className="px-4">
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className="px-4">
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">{children}</dl>
      </CardContent>
    </Card>
  );
}

/**
 * Review Sample: everything known about a sample in four sections — General
 * Information, Sample Process, Sample Properties, Note & Images. Read-only; shown on the detail
 * screens and inside the workflow dialogs, so a person sees what they confirm.
 */
export function ReviewSample({ sample, compact }: { sample: Reviewed; compact?: boolean }) {
  const { t } = useTranslation('samples');
  const yesNo = (value: boolean | null | undefined) =>
    value === null || value === undefined ? '' : value ? t('yes') : t('no');
  return (
    <div className="grid gap-3" data-testid="review-sample">
      <Section title={t('review.general')}>
        <Fact label={t('field.idflNumber')}>
          <span className="font-mono">{sample.idflNumber}</span>
        </Fact>
        <Fact label={t('field.status')}>
          <SampleStatusBadge status={sample.status} certificateRevoked={sample.certificateRevoked} />
          <ReceiptConditionBadge sample={sample} />
        </Fact>
        <Fact label={t('field.sampleCode')}>{sample.sampleCode}</Fact>
        <Fact label={t('field.sampleType')}>{sample.sampleType}</Fact>
        <Fact label={t('field.source')}>{sample.source}</Fact>
        <Fact label={t('field.localCode')}>{sample.localCode}</Fact>
        <Fact label={t('field.bnCode')}>{sample.bnCode}</Fact>
        {sample.booking && (
          <Fact label={t('field.booking')}>
            {sample.booking.bookingNumber} · {sample.booking.applicantCompany}
          </Fact>
        )}
        <Fact label={t('field.receivedDate')}>{formatSampleDate(sample.receivedDate)}</Fact>
        <Fact label={t('field.receivedBy')}>{sample.receivedBy}</Fact>
        <Fact label={t('field.isPaid')}>{yesNo(sample.isPaid)}</Fact>
        {!compact && <Fact label={t('field.fromClientInfo')}>{sample.fromClientInfo}</Fact>}
        {!compact && <Fact label={t('field.fromIdflInfo')}>{sample.fromIdflInfo}</Fact>}
      </Section>
      <Section title={t('review.process')}>
        <Fact label={t('field.confirmDate')}>{formatSampleDate(sample.confirmDate)}</Fact>
        <Fact label={t('field.sentToTesterDate')}>{formatSampleDate(sample.sentToTesterDate)}</Fact>
        <Fact label={t('field.testerReceivedDate')}>{formatSampleDate(sample.testerReceivedDate)}</Fact>
        <Fact label={t('field.packageCode')}>{sample.dispatchBatch?.packageCode ?? sample.packageCode}</Fact>
        <Fact label={t('field.shipmentNumber')}>{sample.dispatchBatch?.shippmentNumber ?? sample.shipmentNumber}</Fact>
        <Fact label={t('field.sentDate')}>{formatSampleDate(sample.sentDate)}</Fact>
        <Fact label={t('field.analysisDate')}>{formatSampleDate(sample.analysisDate)}</Fact>
        <Fact label={t('field.sampleReturnDate')}>{formatSampleDate(sample.sampleReturnDate)}</Fact>
      </Section>
      <Section title={t('review.properties')}>
        <Fact label={t('field.sampleInformation')}>{sample.sampleInformation}</Fact>
        <Fact label={t('field.isotopeMix')}>{sample.isotopeMix}</Fact>
        <Fact label={t('field.isotopeColor')}>{sample.isotopeColor}</Fact>
        <Fact label={t('field.country')}>{sample.countryCode}</Fact>
        <Fact label={t('field.identificationNotes')}>{sample.identificationNotes}</Fact>
        <Fact label={t('field.unit')}>{sample.unit}</Fact>
        <Fact label={t('field.initialWeight')}>{formatWeight(sample.initialWeight)}</Fact>
        <Fact label={t('field.sentWeight')}>{formatWeight(sample.sentWeight)}</Fact>
        <Fact label={t('field.remainingWeight')}>{formatWeight(sample.remainingWeight)}</Fact>
        <Fact label={t('field.storageArea')}>{sample.storageArea}</Fact>
        <Fact label={t('field.smell')}>{yesNo(sample.smell)}</Fact>
        <Fact label={t('field.dirty')}>{yesNo(sample.dirty)}</Fact>
        <Fact label={t('field.expectedConclusion')}>{sample.expectedConclusion}</Fact>
      </Section>
      <Section title={t('review.noteAndImages')}>
        <Fact label={t('field.note')}>{sample.note}</Fact>
        <div className="grid gap-1 sm:col-span-2">
          <dt className="text-xs text-muted-foreground">{t('field.images')}</dt>
          <dd className="flex flex-wrap gap-2">
            {sample.imageFileIds.length === 0
              ? '—'
              : sample.imageFileIds.map((fileId, index) => (
                  <StoredImage key={fileId} fileId={fileId} alt={t('imageAlt', { index: index + 1 })} />
                ))}
          </dd>
        </div>
      </Section>
    </div>
  );
}
