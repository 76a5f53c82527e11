import { createFileRoute, notFound } from '@tanstack/react-router';
import { RunDetailPage } from '@/app/features/measurement-runs/run-detail-page';

const runIdOf = (param: string) => (/^\d{1,10}$/.test(param) ? Number(param) : undefined);

export const Route = createFileRoute('/_thirdlab/thirdlab-runs/$runId')({
  loader: ({ params }) => {
    if (!runIdOf(params.runId)) throw notFound();
  },
  component: RunRoute,
});

function RunRoute() {
  const id = runIdOf(Route.useParams().runId) ?? 0;
  return <RunDetailPage key={id} runId={id} />;
}
