import { FileIcon, ImageIcon, PaperclipIcon, SendIcon, XIcon } from 'lucide-react';
import { useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/app/components/ui/button';
import { formatDisplayDate } from '@/app/components/ui/display-date';
import { Spinner } from '@/app/components/ui/spinner';
import { translateMessage } from '@/app/lib/words/i18n';
import { useFormValues } from '@/app/lib/form-state';
import { CheckboxField, FormSection, NotesField, useBookingFormState } from './booking-form-fields';
import { useUploadAttachments, type BookingAttachment } from './booking-queries';
import { toastLater } from '@/app/lib/toast-later';

// ---- 6. attachments and review -----------------------------------------------------------------

const ACCEPTED_FILES = 'image/jpeg,image/png,image/webp,image/gif,application/pdf';
const MAX_ATTACHMENTS = 10;

export function ReviewSection({
  attachments,
  onAttachmentsChange,
  isSending,
}: {
  attachments: BookingAttachment[];
  onAttachmentsChange: (next: BookingAttachment[]) => void;
  isSending: boolean;
}) {
  const { t, i18n } = useTranslation('bookings');
  const values = useFormValues(useBookingFormState());
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
    <FormSection section="review">
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={fileInput}
            type="file"
            multiple
            accept={ACCEPTED_FILES}
            className="sr-only"
            id="booking-attachments"
            // Hidden from the tab order: the visible "Add files" button opens it.
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
