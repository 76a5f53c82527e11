import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BackButton } from '@/app/components/back-button';
import { PageFrame } from '@/app/components/page/page-frame';
import { BookingForm, fillApplicant, useBookingForm } from './booking-form';
import type { CustomerSearch } from './customer-search';

/** Create Booking (/bookings/create-booking): staff enter a booking with the same form. */
export function CreateBookingPage() {
  const { t } = useTranslation('bookings');
  const navigate = useNavigate();
  const form = useBookingForm();
  const customer = useSearch({ strict: false }) as CustomerSearch;
  useEffect(() => {
    if (!customer.company) return;
    fillApplicant(form, {
      companyName: customer.company,
      contactName: customer.contactName ?? '',
      email: customer.email ?? '',
      phone: customer.phone ?? '',
      cityStateCountry: customer.city ?? '',
      address: '',
    });
    // Filled once, when the page opens with a customer; later typing is the user's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <PageFrame title={t('create.title')} actions={<BackButton to="/bookings" label={t('create.back')} />}>
      <BookingForm
        form={form}
        channel="staff"
        onCreated={(created) => void navigate({ to: '/bookings/$id', params: { id: String(created.data.id) } })}
      />
    </PageFrame>
  );
}
