import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  BookOpenIcon,
  CircleHelpIcon,
  ClockIcon,
  LifeBuoyIcon,
  MailIcon,
  PhoneIcon,
  ShieldCheckIcon,
  TriangleAlertIcon,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/app/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/app/components/ui/dialog';
import { BrandLogo } from '@/app/components/brand';
import { LanguageSwitch } from '@/app/layout/language-switch';
import { useDocumentTitle } from '@/app/lib/use-document-title';
import { BookingConfirmation, type SubmittedBooking } from './booking-confirmation';
import { BookingForm, fillApplicant, useBookingForm } from './booking-form';
import { FormSection, sectionId } from './booking-form-fields';
import { labContactQuery } from './lab-contact';
import { QuickFillPanel } from './quick-fill-panel';

/** The guide's eight steps, each pointing at the part of the form it explains; then the final step. */
const GUIDE_STEPS = [
  { key: 'applicant', section: 'applicant' },
  { key: 'preparedDate', section: 'samples' },
  { key: 'sampleTypes', section: 'samples' },
  { key: 'services', section: 'samples' },
  { key: 'payer', section: 'payer' },
  { key: 'factory', section: 'factory' },
  { key: 'retailer', section: 'retailer' },
  { key: 'attachments', section: 'review' },
] as const;

/**
 * The public Order Request Form (spec 2 /booking/isotope-submittal-form): no sign-in, the
 * laboratory's branding, quick data entry, the form, a side guide and a help dialog.
 */
export function SubmittalFormPage() {
  const { t } = useTranslation('submittal');
  const form = useBookingForm();
  const [isHelpOpen, setHelpOpen] = useState(false);
  const [submitted, setSubmitted] = useState<SubmittedBooking | null>(null);
  const contact = useQuery(labContactQuery).data;
  useDocumentTitle(submitted ? t('bookings:form.orderCreated') : t('title'));

  return (
    <div className="min-h-svh bg-muted/40">
      <header className="sticky top-0 z-40 flex h-[60px] items-center justify-between border-b bg-background/95 px-4 backdrop-blur">
        <div className="flex items-center gap-3">
          <BrandLogo className="size-9" />
          <div className="grid leading-tight">
            <span className="font-semibold">{t('common:productName')}</span>
            <span className="text-xs text-muted-foreground">{t('tagline')}</span>
          </div>
        </div>
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="sm" aria-label={t('help.open')} onClick={() => setHelpOpen(true)}>
            <CircleHelpIcon />
            <span className="hidden sm:inline">{t('help.open')}</span>
          </Button>
          <LanguageSwitch />
        </div>
      </header>

      {submitted ? (
        <main className="mx-auto w-full max-w-3xl px-4 py-6">
          <BookingConfirmation
            submitted={submitted}
            guidelinesLink={<GuidelinesLink>{t('confirmation.readGuidelines')}</GuidelinesLink>}
            onAnother={() => setSubmitted(null)}
          />
        </main>
      ) : (
        <main className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="grid min-w-0 gap-6">
            <div className="grid gap-1">
              <h1 className="text-2xl font-bold">{t('title')}</h1>
              <p className="text-muted-foreground">{t('subtitle')}</p>
            </div>
            <QuickFillPanel onFill={(data) => fillApplicant(form, data)} />
            <BookingForm
              form={form}
              channel="public"
              onCreated={(created, input) => setSubmitted({ bookingNumber: created.data.bookingNumber, input })}
            />
            <FormSection section="help">
              <div className="grid gap-3 text-sm sm:grid-cols-2">
                <p className="flex items-start gap-2">
                  <MailIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                  <span>
                    {t('support.email')}
                    {contact && (
                      <>
                        {' '}
                        <a href={`mailto:${contact.email}`} className="font-medium text-primary underline">
                          {contact.email}
                        </a>
                      </>
                    )}
                  </span>
                </p>
                {contact && (
                  <p className="flex items-start gap-2">
                    <PhoneIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                    <span>
                      {t('support.phone')}:{' '}
                      <a
                        href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}
                        className="font-medium text-primary underline"
                      >
                        {contact.phone}
                      </a>
                    </span>
                  </p>
                )}
                <p className="flex items-start gap-2 sm:col-span-2">
                  <BookOpenIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                  <GuidelinesLink>{t('support.guidelines')}</GuidelinesLink>
                </p>
                <p className="flex items-start gap-2">
                  <ClockIcon className="mt-0.5 size-4 text-primary" aria-hidden="true" />
                  <span>{t('support.hours')}</span>
                </p>
              </div>
              <Button type="button" variant="outline" className="w-fit" onClick={() => setHelpOpen(true)}>
                <LifeBuoyIcon />
                {t('help.open')}
              </Button>
            </FormSection>
          </div>
          <SubmissionGuide />
        </main>
      )}

      <Dialog open={isHelpOpen} onOpenChange={setHelpOpen}>
        <DialogContent className="sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>{t('help.title')}</DialogTitle>
            <DialogDescription>{t('help.description')}</DialogDescription>
          </DialogHeader>
          <GuideSteps />
          <GuideNotes />
          <DialogFooter>
            <Button onClick={() => setHelpOpen(false)}>{t('common:close')}</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** The Guidelines page opens in a new tab, so that a half-filled form is not lost. */
function GuidelinesLink({ children }: { children: React.ReactNode }) {
  return (
    <Link to="/guidelines" target="_blank" rel="noopener" className="font-medium text-primary underline">
      {children}
    </Link>
  );
}

/** The side guide (spec 2): eight steps, a final step, and the notes. Sticky beside the form on wide screens. */
function SubmissionGuide() {
  const { t } = useTranslation('submittal');
  return (
    <aside aria-labelledby="guide-title" className="lg:sticky lg:top-[76px] lg:self-start">
      <div className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm">
        <h2 id="guide-title" className="font-semibold">
          {t('guide.title')}
        </h2>
        <GuideSteps linked />
        <GuideNotes />
      </div>
    </aside>
  );
}

function GuideSteps({ linked = false }: { linked?: boolean }) {
  const { t } = useTranslation('submittal');
  return (
    <ol className="grid gap-3 text-sm" aria-label={t('guide.steps')}>
      {GUIDE_STEPS.map((step, index) => (
        <li key={step.key} className="flex gap-3">
          <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary">
            {index + 1}
          </span>
          <span>
            {linked ? (
              <a href={`#${sectionId(step.section)}`} className="font-medium hover:underline">
                {t(`guide.${step.key}.title`)}
              </a>
            ) : (
              <span className="font-medium">{t(`guide.${step.key}.title`)}</span>
            )}
            <span className="block text-muted-foreground">{t(`guide.${step.key}.text`)}</span>
          </span>
        </li>
      ))}
      <li className="flex gap-3">
        <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground">
          ✓
        </span>
        <span>
          <span className="font-medium">{t('guide.final.title')}</span>
          <span className="block text-muted-foreground">{t('guide.final.text')}</span>
        </span>
      </li>
    </ol>
  );
}

function GuideNotes() {
  const { t } = useTranslation('submittal');
  return (
    <ul className="grid gap-2 rounded-lg bg-muted/60 p-3 text-sm" aria-label={t('guide.notes')}>
      <li className="flex gap-2">
        <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
        {t('guide.noteIncomplete')}
      </li>
      <li className="flex gap-2">
        <ClockIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        {t('guide.noteUrgent')}
      </li>
      <li className="flex gap-2">
        <ShieldCheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        {t('guide.noteConfidential')}
      </li>
    </ul>
  );
}
