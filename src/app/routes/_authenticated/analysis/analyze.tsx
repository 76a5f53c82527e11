import { createFileRoute } from '@tanstack/react-router';
import { AnalyzePage } from '@/app/features/analysis/analyze-page';

export const Route = createFileRoute('/_authenticated/analysis/analyze')({ component: AnalyzePage });
