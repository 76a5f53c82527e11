import { createFileRoute } from '@tanstack/react-router';
import { RunListPage } from '@/app/features/measurement-runs/run-list-page';
import { readRunListSearch } from '@/app/features/measurement-runs/run-list-search';

export const Route = createFileRoute('/_thirdlab/thirdlab-runs/')({
  validateSearch: readRunListSearch,
  component: RunsRoute,
});

function RunsRoute() {
  return <RunListPage filters={Route.useSearch()} />;
}
