import { createFileRoute, notFound } from '@tanstack/react-router';
import { SampleCertificatesPanel } from '@/app/features/certificates/sample-certificates-panel';
import { SupervisorSamplePage } from '@/app/features/supervisor/supervisor-sample-page';
import { supervisorQueries } from '@/app/features/supervisor/supervisor-queries';

const sampleIdOf = (param: string) => (/^\d{1,10}$/.test(param) ? Number(param) : undefined);

export const Route = createFileRoute('/_authenticated/supervisor-samples/$id')({
  // Start loading while the route resolves; the page shows its own loading and error states.
  loader: ({ context, params }) => {
    const id = sampleIdOf(params.id);
    if (!id) throw notFound();
    void context.queryClient.prefetchQuery(supervisorQueries.detail(id));
    void context.queryClient.prefetchQuery(supervisorQueries.savedAnalysis(id));
  },
  component: SupervisorSampleRoute,
});

function SupervisorSampleRoute() {
  const id = sampleIdOf(Route.useParams().id) ?? 0;
  return (
    <SupervisorSamplePage
      key={id}
      id={id}
      certificates={(sample) => <SampleCertificatesPanel sampleId={sample.id} sampleStatus={sample.status} />}
    />
  );
}
