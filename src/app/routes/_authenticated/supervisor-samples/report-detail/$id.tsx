import { createFileRoute, notFound } from '@tanstack/react-router';
import { ReportDetailPage } from '@/app/features/supervisor/report-detail-page';
import { supervisorQueries } from '@/app/features/supervisor/supervisor-queries';

const sampleIdOf = (param: string) => (/^\d{1,10}$/.test(param) ? Number(param) : undefined);

export const Route = createFileRoute('/_authenticated/supervisor-samples/report-detail/$id')({
  loader: ({ context, params }) => {
    const id = sampleIdOf(params.id);
    if (!id) throw notFound();
    void context.queryClient.prefetchQuery(supervisorQueries.detail(id));
  },
  component: ReportDetailRoute,
});

function ReportDetailRoute() {
  const id = sampleIdOf(Route.useParams().id) ?? 0;
  return <ReportDetailPage key={id} id={id} />;
}
