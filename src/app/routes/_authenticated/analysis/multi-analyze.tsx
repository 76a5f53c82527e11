import { createFileRoute } from '@tanstack/react-router';
import { MultiAnalyzePage } from '@/app/features/analysis/multi-analyze-page';

export const Route = createFileRoute('/_authenticated/analysis/multi-analyze')({ component: MultiAnalyzePage });
