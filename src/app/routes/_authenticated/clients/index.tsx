import { createFileRoute } from '@tanstack/react-router';
import { listSearchOf } from '@/app/lib/lists/list-search';
import { SAMPLE_FILTER_NAMES } from '@/app/bench/list/sample-list-search';
import { CsSamplesPage } from '@/app/features/cs-lab/cs-samples-page';

export const Route = createFileRoute('/_authenticated/clients/')({
  validateSearch: listSearchOf(SAMPLE_FILTER_NAMES),
  component: CsSamplesPage,
});
