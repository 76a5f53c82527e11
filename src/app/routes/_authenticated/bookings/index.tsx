import { createFileRoute } from '@tanstack/react-router';
import { listSearchOf } from '@/app/lib/lists/list-search';
import { BOOKING_FILTER_NAMES } from '@/app/features/bookings/booking-list-search';
import { bookingListFilters, bookingListView, bookingQueries } from '@/app/features/bookings/booking-list-queries';
import { BookingsPage } from '@/app/features/bookings/bookings-page';

export const Route = createFileRoute('/_authenticated/bookings/')({
  validateSearch: listSearchOf(BOOKING_FILTER_NAMES),
  loaderDeps: ({ search }) => search,
  // The list's page is asked for beside the screen's code, not once the screen renders; the
  // screen's own query then finds it under way. Not on a link's hover.
  loader: ({ context, deps, preload }) => {
    if (!preload)
      void context.queryClient.prefetchQuery(bookingQueries.list(bookingListFilters(bookingListView(deps))));
  },
  component: BookingsPage,
});
