import { createFileRoute } from '@tanstack/react-router';
import { listSearchOf } from '@/app/lib/lists/list-search';
import { SAMPLE_FILTER_NAMES } from '@/app/bench/list/sample-list-search';
import { SupervisorSamplesPage } from '@/app/features/supervisor/supervisor-samples-page';

export const Route = createFileRoute('/_authenticated/supervisor-samples/')({
  validateSearch: listSearchOf(SAMPLE_FILTER_NAMES),
  component: SupervisorSamplesPage,
});
