import { createFileRoute } from '@tanstack/react-router';
import { listSearchOf } from '@/app/lib/lists/list-search';
import { SAMPLE_FILTER_NAMES } from '@/app/bench/list/sample-list-search';
import { TesterSamplesPage } from '@/app/features/tester/tester-samples-page';

export const Route = createFileRoute('/_authenticated/testers/')({
  validateSearch: listSearchOf(SAMPLE_FILTER_NAMES),
  component: TesterSamplesPage,
});
