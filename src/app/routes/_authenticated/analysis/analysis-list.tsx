import { createFileRoute } from '@tanstack/react-router';
import { AnalysisListPage } from '@/app/features/analysis/analysis-list-page';
import { validateAnalysisListSearch } from '@/app/features/analysis/analysis-list-search';

export const Route = createFileRoute('/_authenticated/analysis/analysis-list')({
  validateSearch: validateAnalysisListSearch,
  component: AnalysisListPage,
});
