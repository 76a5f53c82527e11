import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '@/app/features/placeholder/coming-soon-page';

export const Route = createFileRoute('/_authenticated/testers/$id')({
  component: () => <ComingSoonPage titleKey="pages.testerDetail" />,
});
