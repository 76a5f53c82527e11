import { z } from 'zod';

// Third-lab result form (spec section 5: 'Carbon, Hydrogen, Oxygen is required').

export const ISOTOPES_REQUIRED = 'Carbon, Hydrogen, Oxygen is required';

export const isotopeFields = ['carbon', 'hydrogen', 'oxygen'] as const;

// Delta values in per mil; generous bounds that still refuse typing slips of several orders. A value
// outside them is answered with the range, so whoever typed it sees what is allowed.
export const DELTA_OUT_OF_RANGE = 'Enter a value from -1000 to 1000 ‰';
const delta = z.number({ error: 'Enter a number' }).min(-1000, DELTA_OUT_OF_RANGE).max(1000, DELTA_OUT_OF_RANGE);

/** Each value's expanded uncertainty as the measuring laboratory reports it (ISO/IEC 17025 §7.8.3). */
export const uncertaintyFields = {
  carbon: 'carbonUncertainty',
  hydrogen: 'hydrogenUncertainty',
  oxygen: 'oxygenUncertainty',
} as const satisfies Record<(typeof isotopeFields)[number], string>;

// ± per mil, never zero or below. The floor is the two decimals values are printed to (a smaller one
// would print as ± 0.00); the ceiling refuses a slip such as the value typed into the uncertainty.
export const UNCERTAINTY_OUT_OF_RANGE = 'Enter an uncertainty from 0.01 to 100 ‰';
const uncertainty = z
  .number({ error: 'Enter a number' })
  .min(0.01, UNCERTAINTY_OUT_OF_RANGE)
  .max(100, UNCERTAINTY_OUT_OF_RANGE);

/**
 * What the server accepts. The three values are checked together (one message for the three, as
 * the spec words it) by `missingIsotopes`, so the answer's message is exactly the spec's.
 */
export const updateResultSchema = z.object({
  notes: z.string().trim().max(4000).nullish(),
  carbon: delta.nullish(),
  hydrogen: delta.nullish(),
  oxygen: delta.nullish(),
  // Optional. An uncertainty belongs to the value saved with it: a save without one leaves the value
  // without an uncertainty (absent is none), so a new value never keeps the old value's uncertainty.
  carbonUncertainty: uncertainty.nullish(),
  hydrogenUncertainty: uncertainty.nullish(),
  oxygenUncertainty: uncertainty.nullish(),
  reportFileId: z.string().uuid('Unknown report file').nullish(),
  // Last write wins on purpose: the result is the third lab's alone to enter, the app sends no
  // version, and the chain of custody keeps every change. A version, when sent, is still checked.
  version: z.number().int().min(1).optional(),
});
export type UpdateResult = z.infer<typeof updateResultSchema>;

/** The C/H/O fields left empty, each with the spec's message. */
export function missingIsotopes(values: Partial<Record<(typeof isotopeFields)[number], number | null | undefined>>) {
  const errors: Record<string, string> = {};
  for (const field of isotopeFields) if (values[field] == null) errors[field] = ISOTOPES_REQUIRED;
  return errors;
}

/** The app's form: the same fields, with the three values required. */
export const resultFormSchema = updateResultSchema.superRefine((values, ctx) => {
  for (const path of Object.keys(missingIsotopes(values)))
    ctx.addIssue({ code: 'custom', message: ISOTOPES_REQUIRED, path: [path] });
});
