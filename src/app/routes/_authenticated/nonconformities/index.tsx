import { createFileRoute } from '@tanstack/react-router';
import { NonconformitiesPage } from '@/app/features/quality-control/nonconformities-page';

export const Route = createFileRoute('/_authenticated/nonconformities/')({
  component: NonconformitiesPage,
});
