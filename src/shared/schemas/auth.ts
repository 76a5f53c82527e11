import { z } from 'zod';

// Shared by the server (request validation) and the app (forms): one set of rules and messages.

export const signInSchema = z.object({
  email: z
    .string({ error: 'Please enter your username or email' })
    .trim()
    .min(1, 'Please enter your username or email')
    .max(200),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const PASSWORD_MIN_LENGTH = 8;

const newPassword = z
  .string({ error: 'New password is required' })
  .min(1, 'New password is required')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200);

export const changePasswordSchema = z.object({
  oldPassword: z.string({ error: 'Old password is required' }).min(1, 'Old password is required').max(200),
  newPassword,
});

/** The dialog's form adds the confirmation, which never leaves the browser. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string().max(200) })
  .refine((v) => v.newPassword === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });

export const resetPasswordRequestSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().email('Please enter a valid email').max(200),
});

export const resetPasswordConfirmSchema = z.object({
  token: z.string().min(10, 'This reset link is invalid or has expired.').max(200),
  newPassword,
});

export const refreshSchema = z.object({ refreshToken: z.string().min(10).max(200) });
