import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '@/app/features/placeholder/coming-soon-page';

export const Route = createFileRoute('/_authenticated/customers')({
  component: () => <ComingSoonPage titleKey="pages.customers" />,
});
