import { Link } from '@tanstack/react-router';
import { FileIcon, ImageIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/app/components/ui/badge';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/app/components/ui/card';
import { formatDisplayDate, formatMoment } from '@/app/components/ui/display-date';
import { handleError } from '@/app/lib/api/handle-error';
import { openStoredFile } from '@/app/lib/api/stored-files';
import { SampleStatusBadge } from '@/app/bench/sample-status-badge';
import type { BookingDetail } from './booking-queries';
import { FACTORY_FIELDS, PAYER_FIELDS, type PartyField } from './booking-parties';
import { BookingStatusBadge } from './booking-status-badge';

// Everything a booking holds, as Booking Detail shows it: what was submitted, the attachments, the
// samples it became and its history.

/** A card of the booking's facts under a title. */
function FactCard({
  title,
  className,
  contentClassName,
  children,
}: {
  title: string;
  className?: string;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}

function Facts({ children }: { children: ReactNode }) {
  return <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">{children}</dl>;
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-words whitespace-pre-line">
        {value === null || value === undefined || value === '' ? '—' : value}
      </dd>
    </>
  );
}

export function BookingSummary({ detail }: { detail: BookingDetail }) {
  const { t, i18n } = useTranslation('bookings');
  const language = i18n.language;
  const yesNo = (value: boolean) => (value ? t('detail.yes') : t('detail.no'));
  const services = [
    detail.rushService && t('form.samples.rushService'),
    detail.returnSample && t('form.samples.returnSample'),
    detail.sendReportEmail && t('form.samples.reportEmail'),
    detail.sendReportHardcopy && t('form.samples.reportHardcopy'),
    detail.sendReportFax && t('form.samples.reportFax'),
  ].filter(Boolean);

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <FactCard title={t('detail.booking')}>
        <Facts>
          <Fact label={t('detail.bookingNumber')} value={<span className="font-mono">{detail.bookingNumber}</span>} />
          <Fact label={t('detail.status')} value={<BookingStatusBadge status={detail.status} />} />
          <Fact label={t('detail.createdAt')} value={formatMoment(detail.createdAt, language)} />
          <Fact label={t('detail.preparedDate')} value={formatDisplayDate(detail.samplePreparedDate, language)} />
          <Fact label={t('detail.services')} value={services.join(', ')} />
          <Fact label={t('detail.sampleDescription')} value={detail.sampleDescription} />
          <Fact label={t('detail.specialInstructions')} value={detail.specialInstructions} />
          <Fact label={t('detail.bookingNotes')} value={detail.bookingNotes} />
          <Fact label={t('detail.registration')} value={yesNo(detail.isAgreeRegistration)} />
          <Fact label={t('detail.confirmAccurate')} value={yesNo(detail.isConfirmAccurate)} />
          {detail.cancelReason && <Fact label={t('detail.cancelReasonLabel')} value={detail.cancelReason} />}
        </Facts>
      </FactCard>
      <FactCard title={t('detail.applicant')}>
        <Facts>
          <Fact label={t('form.applicant.contactPerson')} value={detail.applicantContactPerson} />
          <Fact label={t('form.applicant.company')} value={detail.applicantCompany} />
          <Fact label={t('form.applicant.telephone')} value={detail.telephone} />
          <Fact label={t('form.applicant.email')} value={detail.email} />
          <Fact label={t('form.applicant.address')} value={detail.address} />
          <Fact label={t('form.applicant.cityStateCountry')} value={detail.cityStateCountry} />
          <Fact label={t('form.applicant.emailReportTo')} value={detail.emailReportToEmail} />
        </Facts>
      </FactCard>

      <FactCard title={t('detail.sampleTypes')} className="lg:col-span-2" contentClassName="grid gap-3 md:grid-cols-2">
        {detail.sampleTypes.map((sample, index) => (
          <div key={sample.id} className="grid gap-2 rounded-lg border p-4">
            <h3 className="font-medium">{t('form.samples.typeNumber', { number: index + 1 })}</h3>
            <Facts>
              <Fact label={t('detail.type')} value={sample.type} />
              <Fact label={t('detail.composition')} value={sample.composition} />
              <Fact
                label={t('detail.expectedOrigins')}
                value={
                  <span className="flex flex-wrap gap-1">
                    {sample.expectedOrigins.map((origin, i) => (
                      <Badge key={i} variant="secondary">
                        {origin.origin}
                      </Badge>
                    ))}
                  </span>
                }
              />
              <Fact label={t('detail.notes')} value={sample.notes} />
            </Facts>
          </div>
        ))}
      </FactCard>

      <FactCard title={t('detail.payer')}>
        {detail.payerInfo.isTheSameClientInfo ? (
          <p className="text-sm text-muted-foreground">{t('detail.payerSame')}</p>
        ) : (
          <PartyFacts words="form.payer" fields={PAYER_FIELDS} values={detail.payerInfo} />
        )}
      </FactCard>
      <FactCard title={t('detail.factory')}>
        {!detail.factoryInfo.enabled ? (
          <p className="text-sm text-muted-foreground">{t('detail.factoryNone')}</p>
        ) : (
          <PartyFacts words="form.factory" fields={FACTORY_FIELDS} values={detail.factoryInfo} />
        )}
      </FactCard>
      <FactCard title={t('detail.retailer')}>
        <Facts>
          <Fact label={t('form.retailer.retailerName')} value={detail.retailerInfo.retailerName} />
          <Fact label={t('form.retailer.notes')} value={detail.retailerInfo.notes} />
        </Facts>
      </FactCard>
      <AttachmentsCard detail={detail} />

      <FactCard title={t('detail.sampleEntries')}>
        {detail.sampleEntries.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {t(detail.status === 'Cancelled' ? 'detail.noSampleEntriesCancelled' : 'detail.noSampleEntries')}
          </p>
        ) : (
          <ul className="grid gap-2" aria-label={t('detail.sampleEntries')}>
            {detail.sampleEntries.map((entry) => (
              <li
                key={entry.id}
                className="flex items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
              >
                <Link
                  to="/clients/$id"
                  params={{ id: String(entry.id) }}
                  className="font-mono text-primary hover:underline"
                >
                  {entry.idflNumber}
                </Link>
                <SampleStatusBadge status={entry.status} certificateRevoked={entry.certificateRevoked} />
              </li>
            ))}
          </ul>
        )}
      </FactCard>
      <HistoryCard detail={detail} />
    </div>
  );
}

/** A party's details as the booking form asked them. */
function PartyFacts({ words, fields, values }: { words: string; fields: readonly PartyField[]; values: object }) {
  const { t } = useTranslation('bookings');
  const given = values as Record<string, string | null | undefined>;
  return (
    <Facts>
      {fields.map(({ name }) => (
        <Fact key={name} label={t(`${words}.${name}`)} value={given[name]} />
      ))}
    </Facts>
  );
}

function AttachmentsCard({ detail }: { detail: BookingDetail }) {
  const { t } = useTranslation('bookings');
  // The tab is opened inside the click, so that pop-up blockers allow it; the file follows.
  const open = (fileId: string) => openStoredFile(fileId).catch(handleError);
  return (
    <FactCard title={t('detail.attachments')}>
      {detail.attachments.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('detail.noAttachments')}</p>
      ) : (
        <ul className="grid gap-2">
          {detail.attachments.map((file) => (
            <li key={file.id}>
              <Button variant="outline" className="w-full justify-start" onClick={() => open(file.id)}>
                {file.mimeType === 'application/pdf' ? <FileIcon /> : <ImageIcon />}
                {/* The spoken name starts with the visible one's words, so a voice command that reads
                    the button ("click bale-label.png") still finds it (WCAG 2.5.3). */}
                <span className="truncate">
                  <span className="sr-only">{t('detail.openFile')} </span>
                  {file.name}
                </span>
                <span className="ml-auto text-xs text-muted-foreground">{Math.ceil(file.size / 1024)} KB</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </FactCard>
  );
}

function HistoryCard({ detail }: { detail: BookingDetail }) {
  const { t, i18n } = useTranslation('bookings');
  return (
    <FactCard title={t('detail.history')}>
      {detail.history.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('detail.noHistory')}</p>
      ) : (
        <ol className="relative grid gap-4 border-l pl-5" aria-label={t('detail.history')}>
          {detail.history.map((entry) => (
            <li key={entry.id} className="relative text-sm">
              <span className="absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full bg-primary" aria-hidden="true" />
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">
                  {t(`detail.action.${entry.action}`, { defaultValue: entry.action })}
                </span>
                {entry.toStatus && (
                  <span className="text-xs text-muted-foreground">
                    {entry.fromStatus
                      ? `${t(`status.${entry.fromStatus}`, { defaultValue: entry.fromStatus })} → `
                      : ''}
                    {t(`status.${entry.toStatus}`, { defaultValue: entry.toStatus })}
                  </span>
                )}
              </div>
              <div className="text-xs text-muted-foreground">
                {formatMoment(entry.at, i18n.language)}
                {entry.actorName && ` · ${t('detail.by', { name: entry.actorName })}`}
              </div>
              {entry.reason && <p className="mt-1">{t('detail.reason', { reason: entry.reason })}</p>}
            </li>
          ))}
        </ol>
      )}
    </FactCard>
  );
}
