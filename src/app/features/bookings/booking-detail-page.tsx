import { zodResolver } from '@hookform/resolvers/zod';
import { bookingChangesFor } from '@/shared/record-workflows';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon, BanIcon, CheckCircle2Icon, FileIcon, ImageIcon } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/app/lib/toast';
import { cancelBookingSchema, type CancelBookingInput } from '@/shared/schemas/booking';
import { ConfirmDialog } from '@/app/components/confirm-dialog';
import { Badge } from '@/app/components/ui/badge';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/app/components/ui/card';
import { formatDisplayDate } from '@/app/components/ui/date-picker';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/app/components/ui/dialog';
import { FormField } from '@/app/components/ui/form-field';
import { Spinner } from '@/app/components/ui/spinner';
import { Textarea } from '@/app/components/ui/textarea';
import { ApiError } from '@/app/lib/api-error';
import { handleError } from '@/app/lib/handle-error';
import { translateError, translateMessage } from '@/app/lib/i18n';
import { usePermissions } from '@/app/lib/use-session';
import { PageFrame } from '@/app/layout/page-frame';
import { PrintLabelsButton } from '@/app/labels/print-labels-button';
import {
  bookingQueries,
  openStoredFile,
  useCancelBooking,
  useConfirmBooking,
  type BookingDetail,
} from './booking-queries';
import { BookingStatusBadge } from './booking-status-badge';
import { formatMoment } from './format';
import { DetailStatus } from '@/app/components/load-problem';
import { SampleStatusBadge } from '@/app/bench/sample-status-badge';

/** Booking Detail (spec 2 /bookings/{id}): everything submitted, what came of it, and the staff actions. */
export function BookingDetailPage({ id }: { id: number }) {
  const { t } = useTranslation('bookings');
  const held = usePermissions();
  const booking = useQuery(bookingQueries.detail(id));
  const [dialog, setDialog] = useState<'confirm' | 'cancel' | null>(null);

  const back = (
    <Button variant="ghost" size="sm" asChild>
      <Link to="/bookings">
        <ArrowLeftIcon />
        {t('detail.back')}
      </Link>
    </Button>
  );

  if (!booking.data) {
    return (
      <PageFrame title={t('detail.title')} actions={back}>
        <Card>
          <CardContent className="flex justify-center py-10 text-muted-foreground">
            <DetailStatus isLoading={booking.isPending} error={booking.error} notFound={t('detail.notFound')} />
          </CardContent>
        </Card>
      </PageFrame>
    );
  }

  const detail = booking.data;
  const changes = bookingChangesFor(detail.status, held);
  const canConfirm = changes.includes('confirm');
  const canCancel = changes.includes('cancel');

  return (
    <PageFrame
      title={t('detail.titleNumbered', { number: detail.bookingNumber })}
      actions={
        <>
          {back}
          {detail.status === 'Confirmed' && (
            <PrintLabelsButton source={{ kind: 'booking', id: detail.id }} size="default" />
          )}
          {canCancel && (
            <Button variant="outline" onClick={() => setDialog('cancel')}>
              <BanIcon />
              {t('detail.cancel')}
            </Button>
          )}
          {canConfirm && (
            <Button onClick={() => setDialog('confirm')}>
              <CheckCircle2Icon />
              {t('detail.confirm')}
            </Button>
          )}
        </>
      }
    >
      <BookingSummary detail={detail} />
      <ConfirmBookingDialog bookingId={detail.id} open={dialog === 'confirm'} onClose={() => setDialog(null)} />
      <CancelBookingDialog
        key={dialog === 'cancel' ? 'open' : 'closed'}
        bookingId={detail.id}
        open={dialog === 'cancel'}
        onClose={() => setDialog(null)}
      />
    </PageFrame>
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

function BookingSummary({ detail }: { detail: BookingDetail }) {
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
      <Card>
        <CardHeader>
          <CardTitle>{t('detail.booking')}</CardTitle>
        </CardHeader>
        <CardContent>
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
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('detail.applicant')}</CardTitle>
        </CardHeader>
        <CardContent>
          <Facts>
            <Fact label={t('form.applicant.contactPerson')} value={detail.applicantContactPerson} />
            <Fact label={t('form.applicant.company')} value={detail.applicantCompany} />
            <Fact label={t('form.applicant.telephone')} value={detail.telephone} />
            <Fact label={t('form.applicant.email')} value={detail.email} />
            <Fact label={t('form.applicant.address')} value={detail.address} />
            <Fact label={t('form.applicant.cityStateCountry')} value={detail.cityStateCountry} />
            <Fact label={t('form.applicant.emailReportTo')} value={detail.emailReportToEmail} />
          </Facts>
        </CardContent>
      </Card>

      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle>{t('detail.sampleTypes')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 md:grid-cols-2">
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
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('detail.payer')}</CardTitle>
        </CardHeader>
        <CardContent>
          {detail.payerInfo.isTheSameClientInfo ? (
            <p className="text-sm text-muted-foreground">{t('detail.payerSame')}</p>
          ) : (
            <Facts>
              <Fact label={t('form.payer.companyName')} value={detail.payerInfo.companyName} />
              <Fact label={t('form.payer.contactName')} value={detail.payerInfo.contactName} />
              <Fact label={t('form.payer.phone')} value={detail.payerInfo.phone} />
              <Fact label={t('form.payer.email')} value={detail.payerInfo.email} />
              <Fact label={t('form.payer.address')} value={detail.payerInfo.address} />
              <Fact label={t('form.payer.cityStateCountry')} value={detail.payerInfo.cityStateCountry} />
              <Fact label={t('form.payer.sendInvoiceToEmail')} value={detail.payerInfo.sendInvoiceToEmail} />
            </Facts>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('detail.factory')}</CardTitle>
        </CardHeader>
        <CardContent>
          {!detail.factoryInfo.enabled ? (
            <p className="text-sm text-muted-foreground">{t('detail.factoryNone')}</p>
          ) : (
            <Facts>
              <Fact label={t('form.factory.factoryName')} value={detail.factoryInfo.factoryName} />
              <Fact label={t('form.factory.contactName')} value={detail.factoryInfo.contactName} />
              <Fact label={t('form.factory.phone')} value={detail.factoryInfo.phone} />
              <Fact label={t('form.factory.email')} value={detail.factoryInfo.email} />
              <Fact label={t('form.factory.address')} value={detail.factoryInfo.address} />
              <Fact label={t('form.factory.cityStateCountry')} value={detail.factoryInfo.cityStateCountry} />
              <Fact label={t('form.factory.notes')} value={detail.factoryInfo.notes} />
            </Facts>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('detail.retailer')}</CardTitle>
        </CardHeader>
        <CardContent>
          <Facts>
            <Fact label={t('form.retailer.retailerName')} value={detail.retailerInfo.retailerName} />
            <Fact label={t('form.retailer.notes')} value={detail.retailerInfo.notes} />
          </Facts>
        </CardContent>
      </Card>
      <AttachmentsCard detail={detail} />

      <Card>
        <CardHeader>
          <CardTitle>{t('detail.sampleEntries')}</CardTitle>
        </CardHeader>
        <CardContent>
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
                  <SampleStatusBadge status={entry.status} />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <HistoryCard detail={detail} />
    </div>
  );
}

function AttachmentsCard({ detail }: { detail: BookingDetail }) {
  const { t } = useTranslation('bookings');
  const open = (fileId: string) => {
    // The tab is opened now, inside the click, so that pop-up blockers allow it; the file follows.
    const target = window.open('', '_blank');
    openStoredFile(fileId, target).catch(handleError);
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('detail.attachments')}</CardTitle>
      </CardHeader>
      <CardContent>
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
      </CardContent>
    </Card>
  );
}

function HistoryCard({ detail }: { detail: BookingDetail }) {
  const { t, i18n } = useTranslation('bookings');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('detail.history')}</CardTitle>
      </CardHeader>
      <CardContent>
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
      </CardContent>
    </Card>
  );
}

/** Confirm Booking (spec 4, 8): confirming is the client-side lab's check-in of the booking. */
function ConfirmBookingDialog({ bookingId, open, onClose }: { bookingId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('bookings');
  const confirmBooking = useConfirmBooking();
  const isConfirming = useRef(false);

  const confirm = () => {
    isConfirming.current = true;
    confirmBooking.mutate(bookingId, {
      onSuccess: (answer) =>
        toast.success(t('common:success'), { description: translateMessage(answer.message || t('detail.confirmed')) }),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) return handleError(error);
        toast.error(t('detail.confirmFailed'), {
          description: error instanceof ApiError && error.message ? translateError(error) : undefined,
        });
      },
    });
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (next) return;
        if (!isConfirming.current) toast.info(t('detail.confirmDismissed'));
        isConfirming.current = false;
        onClose();
      }}
      title={t('detail.confirmTitle')}
      description={t('detail.confirmText')}
      confirmLabel={t('form.confirm')}
      onConfirm={confirm}
    />
  );
}

/** Cancel Booking (spec 4, 5): a reason is required. */
function CancelBookingDialog({ bookingId, open, onClose }: { bookingId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('bookings');
  const cancelBooking = useCancelBooking();
  const form = useForm<CancelBookingInput>({
    resolver: zodResolver(cancelBookingSchema),
    defaultValues: { cancelReason: '' },
  });
  const error = form.formState.errors.cancelReason?.message;

  const submit = form.handleSubmit((values) =>
    cancelBooking.mutate(
      { id: bookingId, cancelReason: values.cancelReason },
      {
        onSuccess: (answer) => {
          toast.success(t('common:success'), { description: translateMessage(answer.message) });
          onClose();
        },
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <form noValidate onSubmit={submit} className="grid gap-4" aria-label={t('detail.cancelTitle')}>
          <DialogHeader>
            <DialogTitle>{t('detail.cancelTitle')}</DialogTitle>
            <DialogDescription>{t('detail.cancelText')}</DialogDescription>
          </DialogHeader>
          <FormField id="cancel-reason" label={t('detail.cancelReason')} error={error}>
            <Textarea
              id="cancel-reason"
              rows={3}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'cancel-reason-error' : undefined}
              {...form.register('cancelReason')}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('detail.keep')}
            </Button>
            <Button type="submit" variant="destructive" disabled={cancelBooking.isPending}>
              {cancelBooking.isPending && <Spinner />}
              {t('detail.cancelSubmit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
