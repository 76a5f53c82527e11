import { createFileRoute } from '@tanstack/react-router';
import { ReferenceMaterialPage } from '@/app/features/reference-materials/reference-material-page';

// No loader: the screen itself says, in words, that an address names no material.
export const Route = createFileRoute('/_authenticated/reference-materials/$materialId')({
  component: MaterialRoute,
});

function MaterialRoute() {
  const { materialId } = Route.useParams();
  return <ReferenceMaterialPage key={materialId} materialId={materialId} />;
}
