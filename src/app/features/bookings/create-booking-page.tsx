import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeftIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/app/components/ui/button';
import { PageFrame } from '@/app/layout/page-frame';
import { BookingForm, useBookingForm } from './booking-form';

/** Create Booking (spec 2 /bookings/create-booking): staff enter a booking with the same form. */
export function CreateBookingPage() {
  const { t } = useTranslation('bookings');
  const navigate = useNavigate();
  const form = useBookingForm();
  return (
    <PageFrame
      title={t('create.title')}
      actions={
        <Button variant="ghost" size="sm" asChild>
          <Link to="/bookings">
            <ArrowLeftIcon />
            {t('create.back')}
          </Link>
        </Button>
      }
    >
      <BookingForm
        form={form}
        channel="staff"
        onCreated={(created) => void navigate({ to: '/bookings/$id', params: { id: String(created.data.id) } })}
      />
    </PageFrame>
  );
}
