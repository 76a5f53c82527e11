import { createFileRoute } from '@tanstack/react-router';
import { CreateBookingPage } from '@/app/features/bookings/create-booking-page';
import { validateCustomerSearch } from '@/app/features/bookings/customer-search';

export const Route = createFileRoute('/_authenticated/bookings/create-booking')({
  validateSearch: validateCustomerSearch,
  component: CreateBookingPage,
});
