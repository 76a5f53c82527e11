import { createFileRoute } from '@tanstack/react-router';
import { TesterSamplesPage } from '@/app/features/tester/tester-samples-page';

export const Route = createFileRoute('/_authenticated/testers/')({
  component: TesterSamplesPage,
});
