import type { z } from 'zod';
import type { changePasswordFormSchema, signInSchema } from '@/shared/schemas/auth';

export type SignInInput = z.input<typeof signInSchema>;
export type ChangePasswordInput = z.input<typeof changePasswordFormSchema>;
