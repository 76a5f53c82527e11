import { CircleCheckIcon, FilePlusIcon, PrinterIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingInput } from '@/shared/schemas/booking';
import { Button } from '@/app/components/ui/button';
import { formatDisplayDate } from '@/app/components/ui/display-date';

export type SubmittedBooking = { bookingNumber: string; input: BookingInput };

/**
 * What an applicant sees once the laboratory has their booking: the number to write on
 * the parcel, what was sent, and what happens next. Focus moves to its heading so that a screen
 * reader announces it; printing (or saving as PDF) leaves out the page's chrome.
 */
export function BookingConfirmation({
  submitted,
  guidelinesLink,
  onAnother,
}: {
  submitted: SubmittedBooking;
  guidelinesLink: React.ReactNode;
  onAnother: () => void;
}) {
  const { t, i18n } = useTranslation('submittal');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { bookingNumber, input } = submitted;
  const yesNo = (value: boolean) => (value ? t('bookings:detail.yes') : t('bookings:detail.no'));

  useEffect(() => {
    headingRef.current?.focus();
    window.scrollTo({ top: 0 });
  }, []);

  return (
    <section
      aria-labelledby="booking-confirmation-title"
      className="grid gap-6 rounded-xl border bg-card p-5 shadow-sm sm:p-8"
    >
      <div className="flex items-start gap-3">
        <CircleCheckIcon className="mt-1 size-7 shrink-0 text-emerald-600" aria-hidden="true" />
        <div className="grid gap-1">
          <h1
            id="booking-confirmation-title"
            ref={headingRef}
            tabIndex={-1}
            className="text-2xl font-bold outline-none"
          >
            {t('bookings:form.orderCreated')}
          </h1>
          <p className="text-muted-foreground">{t('bookings:form.orderCreatedText')}</p>
        </div>
      </div>

      <div className="grid gap-1 rounded-lg border border-primary/30 bg-primary/5 p-4">
        <span className="text-sm text-muted-foreground">{t('confirmation.number')}</span>
        <span className="font-mono text-2xl font-semibold tracking-wide" data-testid="booking-number">
          {bookingNumber}
        </span>
        <span className="text-sm">{t('confirmation.numberHint', { email: input.email })}</span>
      </div>

      <div className="grid gap-2">
        <h2 className="font-semibold">{t('confirmation.summary')}</h2>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <Fact label={t('bookings:form.applicant.contactPerson')} value={input.applicantContactPerson} />
          <Fact label={t('bookings:form.applicant.company')} value={input.applicantCompany} />
          <Fact label={t('bookings:form.applicant.email')} value={input.email} />
          <Fact label={t('bookings:form.applicant.telephone')} value={input.telephone} />
          <Fact
            label={t('confirmation.preparedDate')}
            value={formatDisplayDate(input.samplePreparedDate, i18n.language)}
          />
          <Fact label={t('confirmation.rush')} value={yesNo(input.rushService)} />
          <Fact label={t('confirmation.returnSample')} value={yesNo(input.returnSample)} />
        </dl>
        <h3 className="mt-2 text-sm font-medium">{t('confirmation.sampleTypes')}</h3>
        <ol className="grid list-decimal gap-1 ps-5 text-sm">
          {input.sampleTypes.map((sample, index) => (
            <li key={index}>
              <span className="font-medium">{sample.type}</span> ({sample.composition}) ·{' '}
              {t('confirmation.expectedOrigin')}: {sample.expectedOrigins.map((o) => o.origin).join(', ')}
            </li>
          ))}
        </ol>
      </div>

      <div className="grid gap-2">
        <h2 className="font-semibold">{t('confirmation.nextTitle')}</h2>
        <ol className="grid list-decimal gap-1 ps-5 text-sm">
          <li>{t('confirmation.next1')}</li>
          <li>
            {t('confirmation.next2')} {guidelinesLink}
          </li>
          <li>{t('confirmation.next3')}</li>
        </ol>
      </div>

      <div className="flex flex-wrap gap-2 print:hidden">
        <Button type="button" onClick={() => window.print()}>
          <PrinterIcon />
          {t('confirmation.print')}
        </Button>
        <Button type="button" variant="outline" onClick={onAnother}>
          <FilePlusIcon />
          {t('confirmation.another')}
        </Button>
      </div>
    </section>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{value}</dd>
    </>
  );
}
