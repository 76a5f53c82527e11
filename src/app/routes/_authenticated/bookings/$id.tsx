import { createFileRoute, notFound } from '@tanstack/react-router';
import { BookingDetailPage } from '@/app/features/bookings/booking-detail-page';
import { bookingQueries } from '@/app/features/bookings/booking-list-queries';

const bookingIdOf = (param: string) => (/^\d{1,10}$/.test(param) ? Number(param) : undefined);

export const Route = createFileRoute('/_authenticated/bookings/$id')({
  // Start loading while the route resolves; the page shows its own loading and error states.
  loader: ({ context, params }) => {
    const id = bookingIdOf(params.id);
    if (!id) throw notFound();
    void context.queryClient.prefetchQuery(bookingQueries.detail(id));
  },
  component: BookingDetailRoute,
});

function BookingDetailRoute() {
  const id = bookingIdOf(Route.useParams().id) ?? 0;
  return <BookingDetailPage key={id} id={id} />;
}
