import { createFileRoute } from '@tanstack/react-router';
import { SupervisorSamplesPage } from '@/app/features/supervisor/supervisor-samples-page';

export const Route = createFileRoute('/_authenticated/supervisor-samples/')({ component: SupervisorSamplesPage });
