import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingFormValues, BookingInput, QuickFillCompanyData } from '@/shared/schemas/booking';
import { blankBookingForm, todayIso } from '@/shared/schemas/booking-defaults';
import { ApiError } from '@/app/lib/api/api-error';
import { schemaCheck, useFormState } from '@/app/lib/form-state';
import { i18n, translateMessage } from '@/app/lib/words/i18n';
import { onDemand } from '@/app/lib/on-demand';
import { Later } from '@/app/lib/later';
import { toastLater } from '@/app/lib/toast-later';
import { BookingFormProvider, type BookingFormApi } from './booking-form-fields';
import { ApplicantSection, FactorySection, PayerSection, RetailerSection } from './booking-party-sections';
import { ReviewSection } from './booking-review-section';
import { SampleSection } from './booking-sample-section';
import { useSendBooking, type BookingAttachment, type BookingChannel, type BookingCreated } from './booking-queries';
import { focusFirstError } from './first-error';
import { LoadingOverlay } from './loading-overlay';

// The confirmation before sending is fetched when the form first passes its checks, not with the
// order form; offline before the service worker held it, the next send tries again.
const useConfirmDialog = onDemand(() => import('@/app/components/confirm-dialog').then((chunk) => chunk.ConfirmDialog));

/** A blank form dated today (the user's calendar day, not UTC's), every text input empty. */
function freshBookingValues(): BookingFormValues {
  const blank = blankBookingForm();
  return {
    ...blank,
    samplePreparedDate: todayIso(),
    payerInfo: {
      isTheSameClientInfo: true,
      companyName: '',
      address: '',
      cityStateCountry: '',
      phone: '',
      contactName: '',
      email: '',
      sendInvoiceToEmail: '',
    },
    factoryInfo: {
      enabled: false,
      factoryName: '',
      contactName: '',
      phone: '',
      email: '',
      address: '',
      cityStateCountry: '',
      notes: '',
    },
  };
}

export type { BookingFormApi } from './booking-form-fields';

// The form's rules are the server's (the shared schema), fetched with zod on the first check.
const checkBooking = schemaCheck(() => import('@/shared/schemas/booking').then((chunk) => chunk.bookingFormSchema));

export function useBookingForm(): BookingFormApi {
  return useFormState<BookingFormValues, BookingInput>(freshBookingValues, checkBooking);
}

/** Quick data entry fills the applicant block from a returning applicant's company data. */
export function fillApplicant(form: BookingFormApi, data: QuickFillCompanyData) {
  form.setValue('applicantCompany', data.companyName);
  form.setValue('applicantContactPerson', data.contactName);
  form.setValue('telephone', data.phone);
  form.setValue('email', data.email);
  form.setValue('address', data.address);
  form.setValue('cityStateCountry', data.cityStateCountry);
}

/** What is sent: hidden blocks are sent as "not given" so stale typing behind a closed block never leaves. */
function payloadOf(values: BookingInput, attachments: BookingAttachment[]): BookingInput {
  return {
    ...values,
    payerInfo: values.payerInfo.isTheSameClientInfo
      ? { isTheSameClientInfo: true, bookingId: 0 }
      : { ...values.payerInfo, bookingId: 0 },
    factoryInfo: values.factoryInfo.enabled ? values.factoryInfo : { enabled: false },
    attachmentFileIds: attachments.map((file) => file.id),
    // The booking keeps the language its form was filled in: the client's mails and report use it.
    language: i18n.language === 'vi' ? 'vi' : 'en',
  };
}

/**
 * The booking form: the public Order Request
 * Form and the staff's Create Booking use it, each with its endpoint. Submitting asks for
 * confirmation, then sends with one Idempotency-Key per submission attempt. The sections after the
 * first are drawn one after another (`Later`); the submit button is in the last, so the form is sent
 * only once every field is there.
 */
export function BookingForm({
  form,
  channel,
  onCreated,
}: {
  form: BookingFormApi;
  channel: BookingChannel;
  /** Told the booking the server created and what was sent for it (the confirmation's summary). */
  onCreated?: (created: BookingCreated, input: BookingInput) => void;
}) {
  const { t } = useTranslation('bookings');
  const formRef = useRef<HTMLFormElement>(null);
  const [attachments, setAttachments] = useState<BookingAttachment[]>([]);
  const [confirming, setConfirming] = useState<BookingInput | null>(null);
  const { Component: ConfirmDialog, open: fetchConfirmDialog } = useConfirmDialog();
  // The key of the submission being attempted: the same payload sent again (a retry after a lost
  // answer, a second click) reuses it; anything else is a new attempt with a new key.
  const attempt = useRef<{ key: string; payload: string } | null>(null);
  const sendBooking = useSendBooking(channel);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.submit(
      (values) => {
        setConfirming(values);
        fetchConfirmDialog();
      },
      // The first field in error in page order, whatever order the sections were drawn in.
      (paths) => focusFirstError(formRef.current, paths),
    );
  };

  const send = (values: BookingInput) => {
    const payload = payloadOf(values, attachments);
    const serialized = JSON.stringify(payload);
    if (attempt.current?.payload !== serialized) attempt.current = { key: crypto.randomUUID(), payload: serialized };
    sendBooking.mutate(
      { input: payload, idempotencyKey: attempt.current.key },
      {
        onSuccess: (created) => {
          attempt.current = null;
          // The public form shows its own confirmation page with the number; staff get a toast.
          if (channel === 'staff') {
            toastLater((toast) =>
              toast.success(t('common:success'), {
                description: translateMessage(created.message),
                position: 'top-right',
              }),
            );
          }
          form.reset(freshBookingValues());
          setAttachments([]);
          onCreated?.(created, payload);
        },
        onError: (error) => {
          // The central handler has shown the server's message; field messages go under their fields.
          if (!(error instanceof ApiError) || !Object.keys(error.errors).length) return;
          for (const [path, message] of Object.entries(error.errors)) form.setError(path, message);
          setTimeout(() => focusFirstError(formRef.current, Object.keys(error.errors)));
        },
      },
    );
  };

  return (
    <BookingFormProvider value={form}>
      <form ref={formRef} noValidate onSubmit={submit} aria-label={t('form.title')} className="grid gap-6">
        <Later>
          <ApplicantSection channel={channel} />
        </Later>
        <Later>
          <SampleSection />
        </Later>
        <Later>
          <PayerSection />
        </Later>
        <Later>
          <FactorySection />
        </Later>
        <Later>
          <RetailerSection />
        </Later>
        <Later>
          <ReviewSection
            attachments={attachments}
            onAttachmentsChange={setAttachments}
            isSending={sendBooking.isPending}
          />
        </Later>
      </form>
      {ConfirmDialog && (
        <ConfirmDialog
          open={confirming !== null}
          onOpenChange={(open) => !open && setConfirming(null)}
          title={t('form.confirmTitle')}
          description={t('form.confirmText')}
          confirmLabel={t('form.confirm')}
          onConfirm={() => {
            // The form shows the sending itself (overlay, field errors), so the dialog closes at once.
            if (confirming && !sendBooking.isPending) send(confirming);
          }}
        />
      )}
      <LoadingOverlay show={sendBooking.isPending} />
    </BookingFormProvider>
  );
}
