import { createFileRoute } from '@tanstack/react-router';
import { MyOrdersPage } from '@/app/features/client-portal/my-orders-page';

// Public: a client follows their bookings with a mailed one-time link (docs/client-portal.md).
export const Route = createFileRoute('/booking/my-orders')({
  // A plain check, not zod, as the other public routes: route options are in the first bundle.
  validateSearch: (search: Record<string, unknown>): { link?: string } =>
    typeof search.link === 'string' && search.link.length <= 200 ? { link: search.link } : {},
  component: function MyOrdersRoute() {
    const { link } = Route.useSearch();
    return <MyOrdersPage link={link} />;
  },
});
