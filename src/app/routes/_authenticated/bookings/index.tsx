import { createFileRoute } from '@tanstack/react-router';
import { validateStatusSearch } from '@/app/lib/status-search';
import { BookingsPage } from '@/app/features/bookings/bookings-page';

export const Route = createFileRoute('/_authenticated/bookings/')({
  validateSearch: validateStatusSearch,
  component: BookingsPage,
});
