import { createFileRoute } from '@tanstack/react-router';
import { ReportPage } from '@/app/features/reports/report-page';

export const Route = createFileRoute('/_authenticated/report-by-source')({
  component: () => <ReportPage kind="source" />,
});
