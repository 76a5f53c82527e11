import { createFileRoute } from '@tanstack/react-router';
import { RolesPage } from '@/app/features/roles/roles-page';

export const Route = createFileRoute('/_authenticated/settings/roles')({ component: RolesPage });
