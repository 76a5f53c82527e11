import { createFileRoute } from '@tanstack/react-router';
import { CreateBookingPage } from '@/app/features/bookings/create-booking-page';

export const Route = createFileRoute('/_authenticated/bookings/create-booking')({ component: CreateBookingPage });
