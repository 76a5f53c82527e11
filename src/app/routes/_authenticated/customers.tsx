import { createFileRoute } from '@tanstack/react-router';
import { CustomersPage } from '@/app/features/customers/customers-page';

export const Route = createFileRoute('/_authenticated/customers')({ component: CustomersPage });
