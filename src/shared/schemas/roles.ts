import { z } from 'zod';
import { isPermission } from '../permissions.ts';

// Roles with their permission lists. The permission names are the catalogue's, spelling included.

export const roleSchema = z.object({
  name: z
    .string({ error: 'Role name is required' })
    .trim()
    .min(1, 'Role name is required')
    .max(60, 'Role name must be at most 60 characters'),
  description: z
    .string({ error: 'Description must be text' })
    .trim()
    .max(500, 'Description must be at most 500 characters')
    .default(''),
  active: z.boolean({ error: 'Active must be true or false' }).default(true),
  permissions: z
    .array(
      z
        .string({ error: 'Unknown permission' })
        .max(60, 'Unknown permission')
        .refine(isPermission, { error: (issue) => `Unknown permission: ${String(issue.input)}` }),
      { error: 'Permissions must be a list' },
    )
    .max(200, 'Too many permissions')
    .default([]),
});
export type RoleInput = z.input<typeof roleSchema>;
