import { createFileRoute } from '@tanstack/react-router';
import { ThirdLabPage } from '@/app/features/third-lab/third-lab-page';

export const Route = createFileRoute('/_thirdlab/thirdlab-samples')({ component: ThirdLabPage });
