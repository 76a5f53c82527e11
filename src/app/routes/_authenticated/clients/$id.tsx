import { createFileRoute, notFound } from '@tanstack/react-router';
import { CsSampleDetailPage } from '@/app/features/cs-lab/cs-sample-detail-page';

const sampleIdOf = (param: string) => (/^\d{1,10}$/.test(param) ? Number(param) : undefined);

export const Route = createFileRoute('/_authenticated/clients/$id')({
  loader: ({ params }) => {
    if (!sampleIdOf(params.id)) throw notFound();
  },
  component: CsSampleDetailRoute,
});

function CsSampleDetailRoute() {
  const id = sampleIdOf(Route.useParams().id) ?? 0;
  return <CsSampleDetailPage key={id} id={id} />;
}
