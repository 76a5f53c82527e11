import { createFileRoute } from '@tanstack/react-router';
import { validateStatusSearch } from '@/app/lib/status-search';
import { TesterSamplesPage } from '@/app/features/tester/tester-samples-page';

export const Route = createFileRoute('/_authenticated/testers/')({
  validateSearch: validateStatusSearch,
  component: TesterSamplesPage,
});
