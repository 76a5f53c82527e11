import { dayjs } from '@/app/lib/dates';
import { FileIcon, ImageIcon, MinusIcon, PaperclipIcon, PlusIcon, SendIcon, Trash2Icon, XIcon } from 'lucide-react';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  Controller,
  FormProvider,
  useFieldArray,
  useForm,
  useFormContext,
  useWatch,
  type FieldErrors,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { BookingFormValues, BookingInput, QuickFillCompanyData } from '@/shared/schemas/booking';
import { blankBookingForm, maxSamplePreparedDate, minSamplePreparedDate } from '@/shared/schemas/booking-defaults';
import { Button } from '@/app/components/ui/button';
import { DatePicker, formatDisplayDate } from '@/app/components/ui/date-picker';
import { FieldError, FormField } from '@/app/components/ui/form-field';
import { Input } from '@/app/components/ui/input';
import { Label } from '@/app/components/ui/label';
import { Spinner } from '@/app/components/ui/spinner';
import { ApiError } from '@/app/lib/api-error';
import { translateMessage } from '@/app/lib/i18n';
import { lazyResolver } from '@/app/lib/lazy-resolver';
import { onDemand } from '@/app/lib/on-demand';
import { toastLater } from '@/app/lib/toast-later';
import { CheckboxField, fieldId, FormSection, NotesField, TextField, useFieldError } from './booking-form-fields';
import {
  useSendBooking,
  useUploadAttachments,
  type BookingAttachment,
  type BookingChannel,
  type BookingCreated,
} from './booking-queries';
import { errorPathsOf, focusFirstError } from './first-error';
import { LoadingOverlay } from './loading-overlay';

// The confirmation before sending is fetched when the form first passes its checks, not with the
// order form (README "Performance"); offline before the service worker held it, the next send tries again.
const useConfirmDialog = onDemand(() => import('@/app/components/confirm-dialog').then((chunk) => chunk.ConfirmDialog));

/** The ids of the form's sections, in order: the side guide links to them. */
export const BOOKING_SECTIONS = ['applicant', 'samples', 'payer', 'factory', 'retailer', 'review', 'help'] as const;
export const sectionId = (section: (typeof BOOKING_SECTIONS)[number]) => `booking-section-${section}`;

/** A blank form dated today (the user's calendar day, not UTC's), every text input empty. */
export function freshBookingValues(): BookingFormValues {
  const blank = blankBookingForm();
  return {
    ...blank,
    samplePreparedDate: dayjs().format('YYYY-MM-DD'),
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

export type BookingFormApi = UseFormReturn<BookingFormValues, unknown, BookingInput>;

export function useBookingForm(): BookingFormApi {
  return useForm<BookingFormValues, unknown, BookingInput>({
    resolver: lazyResolver(() => import('./booking-resolvers').then((chunk) => chunk.bookingResolver)),
    defaultValues: freshBookingValues(),
    // The first field in error is focused in page order by focusFirstError, not registration order.
    shouldFocusError: false,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
}

/** Quick data entry fills the applicant block from a returning applicant's company data. */
export function fillApplicant(form: BookingFormApi, data: QuickFillCompanyData) {
  const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
  form.setValue('applicantCompany', data.companyName, options);
  form.setValue('applicantContactPerson', data.contactName, options);
  form.setValue('telephone', data.phone, options);
  form.setValue('email', data.email, options);
  form.setValue('address', data.address, options);
  form.setValue('cityStateCountry', data.cityStateCountry, options);
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
  };
}

/**
 * The booking form (spec 2 Order request form, 3 Booking, 5 Booking form): the public Order Request
 * Form and the staff's Create Booking use it, each with its endpoint. Submitting asks for
 * confirmation, then sends with one Idempotency-Key per submission attempt.
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

  const submit = (event: FormEvent<HTMLFormElement>) =>
    form.handleSubmit(
      (values) => {
        setConfirming(values);
        fetchConfirmDialog();
      },
      (errors: FieldErrors<BookingFormValues>) => focusFirstError(formRef.current, errorPathsOf(errors as FieldErrors)),
    )(event);

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
          for (const [path, message] of Object.entries(error.errors)) {
            form.setError(path as keyof BookingFormValues, { type: 'server', message });
          }
          setTimeout(() => focusFirstError(formRef.current, Object.keys(error.errors)));
        },
      },
    );
  };

  return (
    <FormProvider {...form}>
      <form ref={formRef} noValidate onSubmit={submit} aria-label={t('form.title')} className="grid gap-6">
        <ApplicantSection channel={channel} />
        <SampleSection />
        <PayerSection />
        <FactorySection />
        <RetailerSection />
        <ReviewSection
          attachments={attachments}
          onAttachmentsChange={setAttachments}
          isSending={sendBooking.isPending}
        />
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
    </FormProvider>
  );
}

// ---- 1. applicant ------------------------------------------------------------------------------

function ApplicantSection({ channel }: { channel: BookingChannel }) {
  const { t } = useTranslation('bookings');
  return (
    <FormSection
      id={sectionId('applicant')}
      number={1}
      title={t('form.applicant.title')}
      description={t('form.applicant.description')}
    >
      {/* Two columns on wide screens (spec 9). */}
      <div className="grid items-start gap-4 md:grid-cols-2">
        <TextField
          path="applicantContactPerson"
          label={t('form.applicant.contactPerson')}
          required
          autoComplete="name"
        />
        <TextField path="applicantCompany" label={t('form.applicant.company')} required autoComplete="organization" />
        <TextField path="telephone" label={t('form.applicant.telephone')} type="tel" required autoComplete="tel" />
        <TextField path="email" label={t('form.applicant.email')} type="email" required autoComplete="email" />
        <TextField path="address" label={t('form.applicant.address')} required autoComplete="street-address" />
        <TextField path="cityStateCountry" label={t('form.applicant.cityStateCountry')} required />
        <TextField
          path="emailReportToEmail"
          label={t('form.applicant.emailReportTo')}
          type="email"
          hint={t('form.applicant.emailReportToHint')}
        />
      </div>
      <CheckboxField
        path="isAgreeRegistration"
        label={t(channel === 'public' ? 'form.applicant.agreeRegistration' : 'form.applicant.agreeRegistrationStaff')}
      />
    </FormSection>
  );
}

// ---- 2. samples --------------------------------------------------------------------------------

function SampleSection() {
  const { t } = useTranslation('bookings');
  const { control } = useFormContext<BookingFormValues>();
  const sampleTypes = useFieldArray({ control, name: 'sampleTypes' });
  const dateError = useFieldError('samplePreparedDate');
  const dateId = fieldId('samplePreparedDate');
  const arrayError = useFieldError('sampleTypes');
  const arrayRootError = useFieldError('sampleTypes.root');
  const listError = arrayError ?? arrayRootError;

  return (
    <FormSection
      id={sectionId('samples')}
      number={2}
      title={t('form.samples.title')}
      description={t('form.samples.description')}
    >
      <div className="grid items-start gap-4 md:grid-cols-2">
        <FormField
          id={dateId}
          label={
            <>
              {t('form.samples.preparedDate')}
              <span aria-hidden="true" className="text-destructive">
                *
              </span>
            </>
          }
          error={dateError}
          hint={t('form.samples.preparedDateHint')}
        >
          <Controller
            control={control}
            name="samplePreparedDate"
            render={({ field }) => (
              <DatePicker
                id={dateId}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                min={minSamplePreparedDate()}
                max={maxSamplePreparedDate()}
                invalid={Boolean(dateError)}
                aria-describedby={dateError ? `${dateId}-error` : undefined}
              />
            )}
          />
        </FormField>
        <NotesField path="sampleDescription" label={t('form.samples.description_field')} rows={2} />
      </div>

      <div className="grid gap-3" data-field="sampleTypes">
        <div className="flex items-center justify-between gap-2">
          <h3 className="font-medium">{t('form.samples.types')}</h3>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() =>
              sampleTypes.append({ type: '', composition: '', expectedOrigins: [{ origin: '' }], notes: '' })
            }
          >
            <PlusIcon />
            {t('form.samples.addType')}
          </Button>
        </div>
        {sampleTypes.fields.map((field, index) => (
          <SampleTypeCard
            key={field.id}
            index={index}
            canRemove={sampleTypes.fields.length > 1}
            onRemove={() => sampleTypes.remove(index)}
          />
        ))}
        <FieldError message={listError} />
      </div>

      <div className="grid gap-3 md:grid-cols-2">
        <CheckboxField
          path="rushService"
          label={t('form.samples.rushService')}
          hint={t('form.samples.rushServiceHint')}
        />
        <CheckboxField path="returnSample" label={t('form.samples.returnSample')} />
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t('form.samples.reportOptions')}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <CheckboxField path="sendReportEmail" label={t('form.samples.reportEmail')} />
          <CheckboxField path="sendReportHardcopy" label={t('form.samples.reportHardcopy')} />
          <CheckboxField path="sendReportFax" label={t('form.samples.reportFax')} />
        </div>
      </fieldset>
      <NotesField path="specialInstructions" label={t('form.samples.specialInstructions')} rows={3} />
    </FormSection>
  );
}

function SampleTypeCard({ index, canRemove, onRemove }: { index: number; canRemove: boolean; onRemove: () => void }) {
  const { t } = useTranslation('bookings');
  const { control, register } = useFormContext<BookingFormValues>();
  const origins = useFieldArray({ control, name: `sampleTypes.${index}.expectedOrigins` });
  const originsPath = `sampleTypes.${index}.expectedOrigins` as const;
  const originsArrayError = useFieldError(originsPath);
  const originsRootError = useFieldError(`${originsPath}.root`);
  const originsError = originsArrayError ?? originsRootError;

  return (
    <fieldset
      className="grid gap-4 rounded-lg border p-4"
      aria-label={t('form.samples.typeNumber', { number: index + 1 })}
    >
      <div className="flex items-center justify-between">
        <legend className="font-medium">{t('form.samples.typeNumber', { number: index + 1 })}</legend>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={!canRemove}
          aria-label={t('form.samples.removeTypeNumber', { number: index + 1 })}
          onClick={onRemove}
        >
          <Trash2Icon />
          {t('form.samples.removeType')}
        </Button>
      </div>
      <div className="grid items-start gap-4 md:grid-cols-2">
        <TextField
          path={`sampleTypes.${index}.type`}
          label={t('form.samples.type')}
          required
          hint={t('form.samples.typeHint')}
        />
        <TextField path={`sampleTypes.${index}.composition`} label={t('form.samples.composition')} required />
      </div>
      <div className="grid gap-2">
        <Label>
          {t('form.samples.expectedOrigins')}
          <span aria-hidden="true" className="text-destructive">
            *
          </span>
        </Label>
        {origins.fields.map((field, originIndex) => {
          const path = `sampleTypes.${index}.expectedOrigins.${originIndex}.origin` as const;
          return (
            <OriginRow
              key={field.id}
              path={path}
              number={originIndex + 1}
              canRemove={origins.fields.length > 1}
              onRemove={() => origins.remove(originIndex)}
              register={register}
            />
          );
        })}
        <FieldError message={originsError} />
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          data-field={originsPath}
          onClick={() => origins.append({ origin: '' })}
        >
          <PlusIcon />
          {t('form.samples.addOrigin')}
        </Button>
      </div>
      <NotesField path={`sampleTypes.${index}.notes`} label={t('form.samples.notes')} rows={2} />
    </fieldset>
  );
}

function OriginRow({
  path,
  number,
  canRemove,
  onRemove,
  register,
}: {
  path: `sampleTypes.${number}.expectedOrigins.${number}.origin`;
  number: number;
  canRemove: boolean;
  onRemove: () => void;
  register: BookingFormApi['register'];
}) {
  const { t } = useTranslation('bookings');
  const error = useFieldError(path);
  const id = fieldId(path);
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-2">
        <Input
          id={id}
          aria-label={t('form.samples.originNumber', { number })}
          placeholder={t('form.samples.originPlaceholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...register(path)}
        />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          disabled={!canRemove}
          aria-label={t('form.samples.removeOriginNumber', { number })}
          onClick={onRemove}
        >
          <MinusIcon />
        </Button>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

// ---- 3. payer ----------------------------------------------------------------------------------

function PayerSection() {
  const { t } = useTranslation('bookings');
  const { control } = useFormContext<BookingFormValues>();
  const isSame = useWatch({ control, name: 'payerInfo.isTheSameClientInfo' });
  return (
    <FormSection
      id={sectionId('payer')}
      number={3}
      title={t('form.payer.title')}
      description={t('form.payer.description')}
    >
      <CheckboxField path="payerInfo.isTheSameClientInfo" inverted label={t('form.payer.differs')} />
      {isSame === false && (
        <div className="grid items-start gap-4 md:grid-cols-2" data-testid="payer-fields">
          <TextField path="payerInfo.companyName" label={t('form.payer.companyName')} required />
          <TextField path="payerInfo.contactName" label={t('form.payer.contactName')} required />
          <TextField path="payerInfo.phone" label={t('form.payer.phone')} type="tel" required />
          <TextField path="payerInfo.email" label={t('form.payer.email')} type="email" required />
          <TextField path="payerInfo.address" label={t('form.payer.address')} required />
          <TextField path="payerInfo.cityStateCountry" label={t('form.payer.cityStateCountry')} required />
          <TextField
            path="payerInfo.sendInvoiceToEmail"
            label={t('form.payer.sendInvoiceToEmail')}
            type="email"
            required
          />
        </div>
      )}
    </FormSection>
  );
}

// ---- 4. factory --------------------------------------------------------------------------------

function FactorySection() {
  const { t } = useTranslation('bookings');
  const { control } = useFormContext<BookingFormValues>();
  const isEnabled = useWatch({ control, name: 'factoryInfo.enabled' });
  return (
    <FormSection
      id={sectionId('factory')}
      number={4}
      title={t('form.factory.title')}
      description={t('form.factory.description')}
    >
      <CheckboxField path="factoryInfo.enabled" label={t('form.factory.enabled')} />
      {isEnabled === true && (
        <div className="grid items-start gap-4 md:grid-cols-2" data-testid="factory-fields">
          <TextField path="factoryInfo.factoryName" label={t('form.factory.factoryName')} required />
          <TextField path="factoryInfo.contactName" label={t('form.factory.contactName')} required />
          <TextField path="factoryInfo.phone" label={t('form.factory.phone')} type="tel" required />
          <TextField path="factoryInfo.email" label={t('form.factory.email')} type="email" required />
          <TextField path="factoryInfo.address" label={t('form.factory.address')} required />
          <TextField path="factoryInfo.cityStateCountry" label={t('form.factory.cityStateCountry')} required />
          <NotesField path="factoryInfo.notes" label={t('form.factory.notes')} className="md:col-span-2" />
        </div>
      )}
    </FormSection>
  );
}

// ---- 5. retailer -------------------------------------------------------------------------------

function RetailerSection() {
  const { t } = useTranslation('bookings');
  return (
    <FormSection
      id={sectionId('retailer')}
      number={5}
      title={t('form.retailer.title')}
      description={t('form.retailer.description')}
    >
      <div className="grid items-start gap-4 md:grid-cols-2">
        <TextField path="retailerInfo.retailerName" label={t('form.retailer.retailerName')} />
        <NotesField path="retailerInfo.notes" label={t('form.retailer.notes')} rows={2} />
      </div>
    </FormSection>
  );
}

// ---- 6. attachments and review -----------------------------------------------------------------

const ACCEPTED_FILES = 'image/jpeg,image/png,image/webp,image/gif,application/pdf';
const MAX_ATTACHMENTS = 10;

function ReviewSection({
  attachments,
  onAttachmentsChange,
  isSending,
}: {
  attachments: BookingAttachment[];
  onAttachmentsChange: (next: BookingAttachment[]) => void;
  isSending: boolean;
}) {
  const { t, i18n } = useTranslation('bookings');
  const { control } = useFormContext<BookingFormValues>();
  const values = useWatch({ control });
  const upload = useUploadAttachments();
  const fileInput = useRef<HTMLInputElement>(null);

  const addFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (!files.length) return;
    if (attachments.length + files.length > MAX_ATTACHMENTS) {
      toastLater((toast) =>
        toast.error(t('errors:title'), {
          description: translateMessage(`At most ${MAX_ATTACHMENTS} files can be attached.`),
        }),
      );
      return;
    }
    upload.mutate(files, { onSuccess: (answer) => onAttachmentsChange([...attachments, ...answer.data]) });
  };

  const services = [
    values.rushService && t('form.samples.rushService'),
    values.returnSample && t('form.samples.returnSample'),
    values.sendReportEmail && t('form.samples.reportEmail'),
    values.sendReportHardcopy && t('form.samples.reportHardcopy'),
    values.sendReportFax && t('form.samples.reportFax'),
  ].filter(Boolean);

  return (
    <FormSection
      id={sectionId('review')}
      number={6}
      title={t('form.review.title')}
      description={t('form.review.description')}
    >
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={fileInput}
            type="file"
            multiple
            accept={ACCEPTED_FILES}
            className="sr-only"
            id="booking-attachments"
            // Hidden from the tab order: the visible "Add files" button opens it (issue 17).
            tabIndex={-1}
            aria-label={t('form.review.chooseFiles')}
            onChange={addFiles}
          />
          <Button
            type="button"
            variant="outline"
            disabled={upload.isPending || attachments.length >= MAX_ATTACHMENTS}
            onClick={() => fileInput.current?.click()}
          >
            {upload.isPending ? <Spinner /> : <PaperclipIcon />}
            {t('form.review.addFiles')}
          </Button>
          <span className="text-xs text-muted-foreground">{t('form.review.filesHint')}</span>
        </div>
        {attachments.length > 0 && (
          <ul className="grid gap-1" aria-label={t('form.review.attachments')}>
            {attachments.map((file) => (
              <li key={file.id} className="flex items-center gap-2 rounded-md border px-3 py-1.5 text-sm">
                {file.mimeType === 'application/pdf' ? (
                  <FileIcon className="size-4" />
                ) : (
                  <ImageIcon className="size-4" />
                )}
                <span className="flex-1 truncate">{file.name}</span>
                <span className="text-xs text-muted-foreground">{Math.ceil(file.size / 1024)} KB</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-7"
                  aria-label={t('form.review.removeFile', { name: file.name })}
                  onClick={() => onAttachmentsChange(attachments.filter((f) => f.id !== file.id))}
                >
                  <XIcon />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <NotesField path="bookingNotes" label={t('form.review.bookingNotes')} rows={3} />

      <dl
        className="grid gap-x-4 gap-y-1 rounded-lg bg-muted/60 p-4 text-sm sm:grid-cols-[max-content_1fr]"
        aria-label={t('form.review.summary')}
      >
        <dt className="text-muted-foreground">{t('form.applicant.company')}</dt>
        <dd>{values.applicantCompany || '—'}</dd>
        <dt className="text-muted-foreground">{t('form.applicant.contactPerson')}</dt>
        <dd>{values.applicantContactPerson || '—'}</dd>
        <dt className="text-muted-foreground">{t('form.samples.preparedDate')}</dt>
        <dd>{formatDisplayDate(values.samplePreparedDate, i18n.language) || '—'}</dd>
        <dt className="text-muted-foreground">{t('form.samples.types')}</dt>
        <dd>
          {(values.sampleTypes ?? [])
            .map((s) => s?.type)
            .filter(Boolean)
            .join(', ') || '—'}
        </dd>
        <dt className="text-muted-foreground">{t('form.review.services')}</dt>
        <dd>{services.join(', ') || '—'}</dd>
        <dt className="text-muted-foreground">{t('form.review.attachments')}</dt>
        <dd>{attachments.length}</dd>
      </dl>

      <CheckboxField path="isConfirmAccurate" label={t('form.review.confirmAccurate')} />
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={isSending || upload.isPending}>
          {isSending ? <Spinner /> : <SendIcon />}
          {t('form.submit')}
        </Button>
      </div>
    </FormSection>
  );
}
