import { createFileRoute } from '@tanstack/react-router';
import { ReferenceMaterialsPage } from '@/app/features/reference-materials/reference-materials-page';

export const Route = createFileRoute('/_authenticated/reference-materials/')({
  component: ReferenceMaterialsPage,
});
