import { createFileRoute } from '@tanstack/react-router';
import { ControlChartPage } from '@/app/features/quality-control/control-chart-page';
import { readControlChartSearch } from '@/app/features/quality-control/control-chart-search';

export const Route = createFileRoute('/_authenticated/control-charts/')({
  validateSearch: readControlChartSearch,
  component: ControlChartsRoute,
});

function ControlChartsRoute() {
  return <ControlChartPage search={Route.useSearch()} />;
}
