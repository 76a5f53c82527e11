import { createFileRoute } from '@tanstack/react-router';
import { validateStatusSearch } from '@/app/lib/status-search';
import { CsSamplesPage } from '@/app/features/cs-lab/cs-samples-page';

export const Route = createFileRoute('/_authenticated/clients/')({
  validateSearch: validateStatusSearch,
  component: CsSamplesPage,
});
