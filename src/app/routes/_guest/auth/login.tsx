import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '@/app/features/auth/login-page';

export const Route = createFileRoute('/_guest/auth/login')({ component: LoginPage });
