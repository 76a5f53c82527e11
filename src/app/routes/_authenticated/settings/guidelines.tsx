import { createFileRoute } from '@tanstack/react-router';
import { GuidelinesEditorPage } from '@/app/features/guidelines/guidelines-editor-page';

export const Route = createFileRoute('/_authenticated/settings/guidelines')({ component: GuidelinesEditorPage });
