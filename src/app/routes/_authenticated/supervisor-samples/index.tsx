import { createFileRoute } from '@tanstack/react-router';
import { validateStatusSearch } from '@/app/lib/status-search';
import { SupervisorSamplesPage } from '@/app/features/supervisor/supervisor-samples-page';

export const Route = createFileRoute('/_authenticated/supervisor-samples/')({
  validateSearch: validateStatusSearch,
  component: SupervisorSamplesPage,
});
