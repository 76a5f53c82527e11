import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordRequestSchema } from '@/shared/schemas/auth';

// Its own chunk: the forgot-password dialog loads zod only when its form is first checked.
export const resetRequestResolver = zodResolver(resetPasswordRequestSchema);
