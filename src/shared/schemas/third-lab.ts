import { z } from 'zod';

// Third-lab result form: 'Carbon, Hydrogen, Oxygen is required' when any of the three is missing.

export const ISOTOPES_REQUIRED = 'Carbon, Hydrogen, Oxygen is required';

/** The values every result holds (δ13C, δ2H, δ18O). */
export const requiredIsotopeFields = ['carbon', 'hydrogen', 'oxygen'] as const;
/** δ15N and δ34S: measured for the materials where they tell origins apart, absent otherwise. */
export const optionalIsotopeFields = ['nitrogen', 'sulfur'] as const;
export const isotopeFields = [...requiredIsotopeFields, ...optionalIsotopeFields] as const;
export type IsotopeField = (typeof isotopeFields)[number];

/** The scale each δ is reported on, printed beside its value. */
export const isotopeScales = {
  carbon: 'VPDB',
  hydrogen: 'VSMOW',
  oxygen: 'VSMOW',
  nitrogen: 'AIR',
  sulfur: 'VCDT',
} as const satisfies Record<IsotopeField, string>;

// Delta values in per mil; generous bounds that still refuse typing slips of several orders. A value
// outside them is answered with the range, so whoever typed it sees what is allowed.
export const DELTA_OUT_OF_RANGE = 'Enter a value from -1000 to 1000 ‰';
const delta = z.number({ error: 'Enter a number' }).min(-1000, DELTA_OUT_OF_RANGE).max(1000, DELTA_OUT_OF_RANGE);

/** Each value's expanded uncertainty as the measuring laboratory reports it (ISO/IEC 17025 §7.8.3). */
export const uncertaintyFields = {
  carbon: 'carbonUncertainty',
  hydrogen: 'hydrogenUncertainty',
  oxygen: 'oxygenUncertainty',
  nitrogen: 'nitrogenUncertainty',
  sulfur: 'sulfurUncertainty',
} as const satisfies Record<IsotopeField, string>;

// ± per mil, never zero or below. The floor is the two decimals values are printed to (a smaller one
// would print as ± 0.00); the ceiling refuses a slip such as the value typed into the uncertainty.
export const UNCERTAINTY_OUT_OF_RANGE = 'Enter an uncertainty from 0.01 to 100 ‰';
const uncertainty = z
  .number({ error: 'Enter a number' })
  .min(0.01, UNCERTAINTY_OUT_OF_RANGE)
  .max(100, UNCERTAINTY_OUT_OF_RANGE);

/** An uncertainty sent without the value it belongs to (possible only for δ15N and δ34S). */
export const UNCERTAINTY_WITHOUT_VALUE = 'Enter the value this uncertainty belongs to';

/**
 * What the server accepts. The three values are checked together (one message for the three, as
 * the spec words it) by `missingIsotopes`, so the answer's message is exactly the spec's.
 * δ15N and δ34S are optional: null clears one, and a save that leaves one out (a client that
 * predates them, an update queued offline before) keeps the stored value and its uncertainty.
 */
export const updateResultSchema = z
  .object({
    notes: z.string().trim().max(4000).nullish(),
    carbon: delta.nullish(),
    hydrogen: delta.nullish(),
    oxygen: delta.nullish(),
    nitrogen: delta.nullish(),
    sulfur: delta.nullish(),
    // Optional. An uncertainty belongs to the value saved with it: a save without one leaves the value
    // without an uncertainty (absent is none), so a new value never keeps the old value's uncertainty.
    carbonUncertainty: uncertainty.nullish(),
    hydrogenUncertainty: uncertainty.nullish(),
    oxygenUncertainty: uncertainty.nullish(),
    nitrogenUncertainty: uncertainty.nullish(),
    sulfurUncertainty: uncertainty.nullish(),
    reportFileId: z.string().uuid('Unknown report file').nullish(),
    // Last write wins on purpose: the result is the third lab's alone to enter, the app sends no
    // version, and the chain of custody keeps every change. A version, when sent, is still checked.
    version: z.number().int().min(1).optional(),
  })
  .superRefine((values, ctx) => {
    // An uncertainty of δ15N or δ34S that came without its value would be printed beside nothing.
    for (const field of optionalIsotopeFields) {
      const uncertaintyField = uncertaintyFields[field];
      if (values[field] == null && values[uncertaintyField] != null)
        ctx.addIssue({ code: 'custom', message: UNCERTAINTY_WITHOUT_VALUE, path: [uncertaintyField] });
    }
  });
export type UpdateResult = z.infer<typeof updateResultSchema>;

/** The C/H/O fields left empty, each with the spec's message. */
export function missingIsotopes(values: Partial<Record<IsotopeField, number | null | undefined>>) {
  const errors: Record<string, string> = {};
  for (const field of requiredIsotopeFields) if (values[field] == null) errors[field] = ISOTOPES_REQUIRED;
  return errors;
}

/** The app's form: the same fields, with the three values required. */
export const resultFormSchema = updateResultSchema.superRefine((values, ctx) => {
  for (const path of Object.keys(missingIsotopes(values)))
    ctx.addIssue({ code: 'custom', message: ISOTOPES_REQUIRED, path: [path] });
});
