import { createFileRoute } from '@tanstack/react-router';
import { PublicComingSoonPage } from '@/app/features/placeholder/public-coming-soon-page';

export const Route = createFileRoute('/certificate/$token')({
  component: () => <PublicComingSoonPage titleKey="pages.certificate" />,
});
