import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '@/app/features/placeholder/coming-soon-page';

export const Route = createFileRoute('/_authenticated/supervisor-samples/$id')({
  component: () => <ComingSoonPage titleKey="pages.supervisorSampleDetail" />,
});
