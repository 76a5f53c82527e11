import { createFileRoute } from '@tanstack/react-router';
import { PublicComingSoonPage } from '@/app/features/placeholder/public-coming-soon-page';

export const Route = createFileRoute('/booking/isotope-submittal-form')({
  component: () => <PublicComingSoonPage titleKey="pages.orderRequestForm" />,
});
