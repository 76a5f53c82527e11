import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { BanIcon, CheckCircle2Icon } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/app/lib/toast';
import { bookingChangesFor } from '@/shared/workflow/record-workflows';
import { cancelBookingSchema, type CancelBookingInput } from '@/shared/schemas/booking';
import { BackButton } from '@/app/components/back-button';
import { ConfirmDialog } from '@/app/components/confirm-dialog';
import { FormDialog } from '@/app/components/form-dialog';
import { TextareaField } from '@/app/components/form-fields';
import { DetailStatus } from '@/app/components/load-problem';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent } from '@/app/components/ui/card';
import { ApiError } from '@/app/lib/api/api-error';
import { handleError } from '@/app/lib/api/handle-error';
import { translateError, translateMessage } from '@/app/lib/words/i18n';
import { usePermissions } from '@/app/lib/session/use-session';
import { PageFrame } from '@/app/components/page/page-frame';
import { PrintLabelsButton } from '@/app/labels/print-labels-button';
import { BookingClientActivity } from './booking-client-activity';
import { bookingQueries } from './booking-list-queries';
import { useCancelBooking, useConfirmBooking } from './booking-queries';
import { BookingLanguageField } from './booking-language-field';
import { BookingSummary } from './booking-summary';

/** Booking Detail (/bookings/{id}): everything submitted, what came of it, and the staff actions. */
export function BookingDetailPage({ id }: { id: number }) {
  const { t } = useTranslation('bookings');
  const held = usePermissions();
  const booking = useQuery(bookingQueries.detail(id));
  const [dialog, setDialog] = useState<'confirm' | 'cancel' | null>(null);

  const back = <BackButton to="/bookings" label={t('detail.back')} />;

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
      <BookingLanguageField id={detail.id} language={detail.language} canChange={held.includes('CanCreateBooking')} />
      <BookingSummary detail={detail} />
      <BookingClientActivity bookingId={detail.id} />
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

/** Confirm Booking: confirming is the client-side lab's check-in of the booking. */
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

/** Cancel Booking: a reason is required. */
function CancelBookingDialog({ bookingId, open, onClose }: { bookingId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('bookings');
  const cancelBooking = useCancelBooking();
  const form = useForm<CancelBookingInput>({
    resolver: zodResolver(cancelBookingSchema),
    defaultValues: { cancelReason: '' },
  });

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
    <FormDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('detail.cancelTitle')}
      description={t('detail.cancelText')}
      onSubmit={submit}
      isSaving={cancelBooking.isPending}
      showsProgress
      submitLabel={t('detail.cancelSubmit')}
      cancelLabel={t('detail.keep')}
      destructive
    >
      <TextareaField form={form} name="cancelReason" id="cancel-reason" label={t('detail.cancelReason')} rows={3} />
    </FormDialog>
  );
}
