import { createFileRoute } from '@tanstack/react-router';
import { DispatchBatchesPage } from '@/app/features/dispatch/dispatch-batches-page';

export const Route = createFileRoute('/_authenticated/packages')({
  component: DispatchBatchesPage,
});
