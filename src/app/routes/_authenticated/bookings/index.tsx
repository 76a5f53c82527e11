import { createFileRoute } from '@tanstack/react-router';
import { listSearchOf } from '@/app/lib/list-search';
import { BOOKING_FILTER_NAMES } from '@/app/features/bookings/booking-list-search';
import { BookingsPage } from '@/app/features/bookings/bookings-page';

export const Route = createFileRoute('/_authenticated/bookings/')({
  validateSearch: listSearchOf(BOOKING_FILTER_NAMES),
  component: BookingsPage,
});
