import { createFileRoute } from '@tanstack/react-router';
import { SyncPage } from '@/app/features/sync/sync-page';

export const Route = createFileRoute('/_authenticated/sync')({ component: SyncPage });
