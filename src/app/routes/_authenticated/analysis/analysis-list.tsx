import { createFileRoute } from '@tanstack/react-router';
import { AnalysisListPage, validateAnalysisListSearch } from '@/app/features/analysis/analysis-list-page';

export const Route = createFileRoute('/_authenticated/analysis/analysis-list')({
  validateSearch: validateAnalysisListSearch,
  component: AnalysisListPage,
});
