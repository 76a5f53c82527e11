import { Link, useNavigate } from '@tanstack/react-router';
import { ClipboardListIcon, LogOutIcon, PlusIcon } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '@/app/components/brand';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent } from '@/app/components/ui/card';
import { Input } from '@/app/components/ui/input';
import { Label } from '@/app/components/ui/label';
import { Spinner } from '@/app/components/ui/spinner';
import { LanguageSwitch } from '@/app/components/language/language-switch';
import { ApiError } from '@/app/lib/api/api-error';
import { keepClientPrefill } from '@/app/lib/client-prefill';
import { translateError } from '@/app/lib/words/i18n';
import { useDocumentTitle } from '@/app/lib/use-document-title';
import { ClientBookingCard } from './client-booking-card';
import {
  fetchClientPrefill,
  useClientBookings,
  useEndClientSession,
  useOpenClientSession,
  useRequestClientLink,
} from './client-portal-api';

// "My orders" (/booking/my-orders, docs/client-portal.md): beside the order form, without a staff
// account. A mailed link (?link=…) is traded for a client session once, then dropped from the
// address bar; without a session the page offers to mail a new link.

const errorText = (error: unknown) => (error instanceof ApiError ? translateError(error) : String(error));

function SignInForm() {
  const { t, i18n } = useTranslation('client-portal');
  const request = useRequestClientLink();
  const [email, setEmail] = useState('');
  const send = (event: FormEvent) => {
    event.preventDefault();
    request.mutate({ email, lang: i18n.language === 'vi' ? 'vi' : 'en' });
  };
  return (
    <Card>
      <CardContent className="grid gap-3 pt-6">
        <p>{t('intro')}</p>
        <form className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end" onSubmit={send}>
          <div className="grid gap-1">
            <Label htmlFor="client-email">{t('emailLabel')}</Label>
            <Input
              id="client-email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
            />
          </div>
          <Button type="submit" disabled={request.isPending}>
            {t('sendLink')}
          </Button>
        </form>
        {request.isSuccess && <p role="status">{t('linkSent')}</p>}
        {request.isError && (
          <p role="alert" className="text-destructive">
            {errorText(request.error)}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function useRedeemedLink(link: string | undefined) {
  const navigate = useNavigate();
  const open = useOpenClientSession();
  const tried = useRef(false);
  useEffect(() => {
    if (!link || tried.current) return;
    tried.current = true;
    // The link is single use: it leaves the address bar (and the history) whatever the answer.
    open.mutate(link, { onSettled: () => void navigate({ to: '/booking/my-orders', search: {}, replace: true }) });
  }, [link, open, navigate]);
  return open;
}

export function MyOrdersPage({ link }: { link?: string }) {
  const { t } = useTranslation('client-portal');
  useDocumentTitle(t('title'));
  const navigate = useNavigate();
  const redeem = useRedeemedLink(link);
  const isRedeeming = Boolean(link) || redeem.isPending;
  const orders = useClientBookings(!isRedeeming);
  const signOut = useEndClientSession();
  const isSignedOut = orders.error instanceof ApiError && orders.error.status === 401;

  const startNewBooking = async () => {
    // Only a booking the client made and confirmed fills the form; without one it opens empty.
    const prefill = await fetchClientPrefill().catch(() => null);
    if (prefill) keepClientPrefill(prefill);
    await navigate({ to: '/booking/isotope-submittal-form' });
  };

  return (
    <div className="min-h-svh bg-muted/40">
      <header className="sticky top-0 z-40 flex h-[60px] items-center justify-between border-b bg-background/95 px-4 backdrop-blur">
        <div className="flex items-center gap-3">
          <BrandLogo className="size-9" />
          <span className="font-semibold">{t('common:productName')}</span>
        </div>
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="sm" asChild>
            <Link to="/booking/isotope-submittal-form" aria-label={t('orderForm')}>
              <ClipboardListIcon />
              <span className="hidden sm:inline">{t('orderForm')}</span>
            </Link>
          </Button>
          <LanguageSwitch />
        </div>
      </header>
      <main className="mx-auto grid w-full max-w-3xl gap-4 px-4 py-6">
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        {redeem.isError && (
          <p role="alert" data-link-error className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
            {errorText(redeem.error)}
          </p>
        )}
        {isRedeeming || orders.isLoading ? (
          <p className="flex items-center gap-2" role="status">
            <Spinner /> {t('signingIn')}
          </p>
        ) : isSignedOut || !orders.data ? (
          orders.isError && !isSignedOut ? (
            <p role="alert">{errorText(orders.error)}</p>
          ) : (
            <SignInForm />
          )
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-muted-foreground">{t('signedInAs', { email: orders.data.email })}</p>
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" size="sm" onClick={() => void startNewBooking()}>
                  <PlusIcon />
                  {t('newBooking')}
                </Button>
                <Button variant="ghost" size="sm" onClick={() => signOut.mutate()}>
                  <LogOutIcon />
                  {t('signOut')}
                </Button>
              </div>
            </div>
            {orders.data.bookings.length === 0 && <p>{t('none')}</p>}
            {orders.data.bookings.map((booking) => (
              <ClientBookingCard key={booking.id} booking={booking} usualDays={orders.data.usualDaysToResult} />
            ))}
          </>
        )}
      </main>
    </div>
  );
}
