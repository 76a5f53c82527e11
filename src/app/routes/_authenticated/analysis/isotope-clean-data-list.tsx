import { createFileRoute } from '@tanstack/react-router';
import { IsotopeLmdPage } from '@/app/features/analysis/model/isotope-lmd-page';

export const Route = createFileRoute('/_authenticated/analysis/isotope-clean-data-list')({
  component: IsotopeLmdPage,
});
