import { createFileRoute } from '@tanstack/react-router';
import { CsSamplesPage } from '@/app/features/cs-lab/cs-samples-page';

export const Route = createFileRoute('/_authenticated/clients/')({
  component: CsSamplesPage,
});
