import { createFileRoute } from '@tanstack/react-router';
import { ProficiencyTestsPage } from '@/app/features/quality-control/proficiency-tests-page';

export const Route = createFileRoute('/_authenticated/proficiency-tests/')({
  component: ProficiencyTestsPage,
});
