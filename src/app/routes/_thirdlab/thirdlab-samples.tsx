import { createFileRoute } from '@tanstack/react-router';
import { ComingSoonPage } from '@/app/features/placeholder/coming-soon-page';

export const Route = createFileRoute('/_thirdlab/thirdlab-samples')({
  component: () => <ComingSoonPage titleKey="pages.thirdLabSamples" />,
});
