import { z } from 'zod';

// Countries: a code, a name and a protected flag. Codes are ISO-style: 2 or 3 capital letters.

export const countrySchema = z.object({
  code: z
    .string({ error: 'Code is required' })
    .trim()
    .min(1, 'Code is required')
    .regex(/^[A-Z]{2,3}$/, 'Code must be 2 or 3 capital letters'),
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters'),
  protected: z.boolean({ error: 'Protected must be true or false' }).default(false),
});
export type CountryInput = z.input<typeof countrySchema>;
