import { createFileRoute } from '@tanstack/react-router';
import { AccountsPage } from '@/app/features/accounts/accounts-page';

export const Route = createFileRoute('/_authenticated/settings/accounts')({ component: AccountsPage });
