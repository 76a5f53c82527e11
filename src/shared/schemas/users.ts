import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './auth.ts';

// Accounts administration (administrators assign a role and a country to each user).
// Shared by the server (request validation) and the Accounts screen (forms).

const username = z
  .string({ error: 'Username is required' })
  .trim()
  .min(1, 'Username is required')
  .max(60, 'Username must be at most 60 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'Username may contain only letters, digits, dots, dashes and underscores');

const displayName = z
  .string({ error: 'Display name is required' })
  .trim()
  .min(1, 'Display name is required')
  .max(120, 'Display name must be at most 120 characters');

const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(200, 'Email must be at most 200 characters')
  .email('Please enter a valid email');

const password = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, 'Password must be at most 200 characters');

const roleId = z
  .number({ error: 'Role is required' })
  .int('Role is required')
  .positive('Role is required')
  .max(2_147_483_647, 'Role is required');

const countryId = z
  .number({ error: 'Country must be a country id' })
  .int('Country must be a country id')
  .positive('Country must be a country id')
  .max(2_147_483_647, 'Country must be a country id')
  .nullable();

export const createUserSchema = z.object({
  username,
  displayName,
  email,
  password,
  roleId,
  countryId: countryId.optional(),
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

export const updateUserSchema = z.object({
  displayName,
  email,
  roleId,
  countryId: countryId.optional(),
  active: z.boolean({ error: 'Active must be true or false' }).optional(),
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;
