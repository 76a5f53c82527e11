import { createFileRoute } from '@tanstack/react-router';
import { listSearchOf } from '@/app/lib/lists/list-search';
import { ThirdLabPage } from '@/app/features/third-lab/third-lab-page';
import { THIRD_LAB_FILTER_NAMES } from '@/app/features/third-lab/third-lab-search';

export const Route = createFileRoute('/_thirdlab/thirdlab-samples')({
  validateSearch: listSearchOf(THIRD_LAB_FILTER_NAMES),
  component: ThirdLabPage,
});
