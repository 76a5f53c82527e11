import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordRequestSchema, signInSchema } from '@/shared/schemas/auth';

// Their own chunk: the sign-in page loads zod only when one of its forms is first checked.
export const signInResolver = zodResolver(signInSchema);
export const resetRequestResolver = zodResolver(resetPasswordRequestSchema);
