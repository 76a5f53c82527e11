import { z } from '@hono/zod-openapi';

/** A clean isotope reference record as the API answers it (Isotope LMD, supervisor transfer). */
export const cleanIsotopeRecordSchema = z
  .object({
    id: z.number().int(),
    sampleCode: z.string(),
    material: z.string(),
    classify: z.string().nullable(),
    countryCode: z.string().nullable(),
    region: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    d13C: z.number().nullable(),
    d2H: z.number().nullable(),
    d18O: z.number().nullable(),
    d15N: z.number().nullable(),
    d34S: z.number().nullable(),
    otherElements: z.record(z.string(), z.number()).openapi({ description: 'Further elements, by name' }),
    verifiedBy: z.string().nullable(),
    sourceSampleEntryId: z.number().int().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('CleanIsotopeRecord');
