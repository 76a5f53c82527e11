import { createFileRoute } from '@tanstack/react-router';
import { GuidelinesPage } from '@/app/features/guidelines/guidelines-page';

export const Route = createFileRoute('/guidelines')({ component: GuidelinesPage });
