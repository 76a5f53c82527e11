import { createFileRoute } from '@tanstack/react-router';
import { CreateBookingPage, validateCustomerSearch } from '@/app/features/bookings/create-booking-page';

export const Route = createFileRoute('/_authenticated/bookings/create-booking')({
  validateSearch: validateCustomerSearch,
  component: CreateBookingPage,
});
