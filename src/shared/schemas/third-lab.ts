import { z } from 'zod';

// Third-lab result form (spec section 5: 'Carbon, Hydrogen, Oxygen is required').

export const ISOTOPES_REQUIRED = 'Carbon, Hydrogen, Oxygen is required';

// Delta values in per mil; generous bounds that still refuse typing slips of several orders.
const delta = z.number({ error: ISOTOPES_REQUIRED }).min(-1000).max(1000);

export const updateResultSchema = z.object({
  notes: z.string().trim().max(4000).nullish(),
  carbon: delta,
  hydrogen: delta,
  oxygen: delta,
  reportFileId: z.string().uuid('Unknown report file').nullish(),
  version: z.number().int().min(1).optional(),
});
export type UpdateResult = z.infer<typeof updateResultSchema>;
