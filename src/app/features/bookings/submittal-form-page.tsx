import { Link } from '@tanstack/react-router';
import {
  BookOpenIcon,
  CircleHelpIcon,
  ClockIcon,
  LifeBuoyIcon,
  MailIcon,
  PackageSearchIcon,
  PhoneIcon,
} from 'lucide-react';
import { useEffect, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/app/components/ui/button';
import { BrandLogo } from '@/app/components/brand';
import { appConfig, type LabContact } from '@/app/lib/api/app-config';
import { LanguageSwitch } from '@/app/components/language/language-switch';
import { takeClientPrefill } from '@/app/lib/client-prefill';
import { loadMessageTexts } from '@/app/lib/words/i18n';
import { Later } from '@/app/lib/later';
import { onDemand } from '@/app/lib/on-demand';
import { useDocumentTitle } from '@/app/lib/use-document-title';
import type { SubmittedBooking } from './booking-confirmation';
import { BookingForm, fillApplicant, useBookingForm } from './booking-form';
import { FormSection } from './booking-form-fields';
import { QuickFillPanel } from './quick-fill-panel';
import { SubmissionGuide } from './submittal-guide';

// The confirmation page after a send, and the rules' and the server's messages, are fetched when the
// user first focuses the form, not with it; a check or a send waits for them.
const useConfirmation = onDemand(() => import('./booking-confirmation').then((chunk) => chunk.BookingConfirmation));
// The help dialog is fetched when the user reaches for it, not with the order form.
const useHelpDialog = onDemand(() => import('./submittal-help-dialog').then((chunk) => chunk.SubmittalHelpDialog));

/**
 * The public Order Request Form (/booking/isotope-submittal-form): no sign-in, the
 * laboratory's branding, quick data entry, the form, a side guide and a help dialog.
 */
export function SubmittalFormPage() {
  const { t } = useTranslation('submittal');
  const form = useBookingForm();
  const [isHelpOpen, setHelpOpen] = useState(false);
  const { Component: HelpDialog, prefetch: prefetchHelp, open: fetchHelp } = useHelpDialog();
  const helpButton = {
    onPointerEnter: prefetchHelp,
    onFocus: prefetchHelp,
    onClick: () => {
      setHelpOpen(true);
      fetchHelp();
    },
  };
  const [submitted, setSubmitted] = useState<SubmittedBooking | null>(null);
  // "New booking with my details" on My orders hands the client's details over (lib/client-prefill.ts).
  useEffect(() => {
    const prefill = takeClientPrefill();
    if (prefill) fillApplicant(form, prefill);
  }, [form]);
  const { Component: BookingConfirmation, prefetch: prefetchConfirmation, open: fetchConfirmation } = useConfirmation();
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
          <Button variant="ghost" size="sm" asChild>
            <Link to="/booking/my-orders" search={{}} aria-label={t('myOrders')}>
              <PackageSearchIcon />
              <span className="hidden sm:inline">{t('myOrders')}</span>
            </Link>
          </Button>
          <Button variant="ghost" size="sm" aria-label={t('help.open')} {...helpButton}>
            <CircleHelpIcon />
            <span className="hidden sm:inline">{t('help.open')}</span>
          </Button>
          <LanguageSwitch />
        </div>
      </header>

      {submitted ? (
        <main className="mx-auto w-full max-w-3xl px-4 py-6">
          {BookingConfirmation && (
            <BookingConfirmation
              submitted={submitted}
              guidelinesLink={<GuidelinesLink>{t('confirmation.readGuidelines')}</GuidelinesLink>}
              onAnother={() => setSubmitted(null)}
            />
          )}
        </main>
      ) : (
        <main
          className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
          onFocus={() => {
            prefetchConfirmation();
            loadMessageTexts().catch(() => undefined); // offline before the service worker held them: the check retries
          }}
        >
          <div className="grid min-w-0 gap-6">
            <div className="grid gap-1">
              <h1 className="text-2xl font-bold">{t('title')}</h1>
              <p className="text-muted-foreground">{t('subtitle')}</p>
            </div>
            <QuickFillPanel onFill={(data) => fillApplicant(form, data)} />
            <BookingForm
              form={form}
              channel="public"
              onCreated={(created, input) => {
                setSubmitted({ bookingNumber: created.data.bookingNumber, input });
                fetchConfirmation();
              }}
            />
            {/* Drawn after the form's sections, as the side guide. */}
            <Later>
              <SupportSection helpButton={helpButton} />
            </Later>
          </div>
          <Later>
            <SubmissionGuide />
          </Later>
        </main>
      )}

      {HelpDialog && <HelpDialog open={isHelpOpen} onOpenChange={setHelpOpen} />}
    </div>
  );
}

/**
 * The help section: the laboratory's e-mail and phone, its guidelines and hours. The contact is
 * asked for as the section is drawn: the app's settings (app-config.ts), which the error reporting
 * asks for anyway, one request for both and without the API client or a query, which the order form
 * would otherwise start with for this one answer. Until it comes, and if it
 * fails, the section shows no address. The answer redraws this section only, not the whole form.
 */
function SupportSection({ helpButton }: { helpButton: ComponentProps<typeof Button> }) {
  const { t } = useTranslation('submittal');
  const [contact, setContact] = useState<LabContact>();
  useEffect(() => {
    appConfig().then(
      (config) => setContact(config.labContact),
      () => undefined,
    );
  }, []);
  return (
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
              <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} className="font-medium text-primary underline">
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
      <Button type="button" variant="outline" className="w-fit" {...helpButton}>
        <LifeBuoyIcon />
        {t('help.open')}
      </Button>
    </FormSection>
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
