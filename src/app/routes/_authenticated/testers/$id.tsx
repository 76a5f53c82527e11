import { createFileRoute, notFound } from '@tanstack/react-router';
import { TesterSampleDetailPage } from '@/app/features/tester/tester-sample-detail-page';

const sampleIdOf = (param: string) => (/^\d{1,10}$/.test(param) ? Number(param) : undefined);

export const Route = createFileRoute('/_authenticated/testers/$id')({
  loader: ({ params }) => {
    if (!sampleIdOf(params.id)) throw notFound();
  },
  component: TesterSampleDetailRoute,
});

function TesterSampleDetailRoute() {
  const id = sampleIdOf(Route.useParams().id) ?? 0;
  return <TesterSampleDetailPage key={id} id={id} />;
}
