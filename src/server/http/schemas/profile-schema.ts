import { z } from '@hono/zod-openapi';

/** The signed-in user as sign-in and the profile call answer it. */
export const profileSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    displayName: z.string(),
    email: z.string(),
    role: z.string(),
    roleId: z.number().int(),
    countryId: z.number().int().nullable(),
    countryCode: z.string().nullable(),
    countryName: z.string().nullable(),
    permissions: z.array(z.string()),
  })
  .openapi('Profile');
