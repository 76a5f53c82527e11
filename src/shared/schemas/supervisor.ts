import { z } from 'zod';

// Supervisor forms: the conclusion of a sample and the transfer of its data to the clean data set.

const ratios = z.record(z.string().max(100), z.number().min(0).max(100));

export const conclusionSchema = z.object({
  expectedConclusion: z
    .string({ error: 'Expected conclusion is required' })
    .trim()
    .min(1, 'Expected conclusion is required')
    .max(2000),
  conclusion: z.string().trim().max(4000).nullish(),
  predictedOrigin: z.string().trim().max(200).nullish(),
  consistentWithPredictedOrigin: z.boolean().nullish(),
  consistentWithXinjiangOrigin: z.boolean().nullish(),
  evaluationByRegionRatio: ratios.nullish(),
  evaluationByMixRatio: ratios.nullish(),
  version: z.number().int().min(1).optional(),
});
export type Conclusion = z.infer<typeof conclusionSchema>;

export const transferIdflDataSchema = z.object({
  id: z.number({ error: 'Sample is required' }).int().min(1).max(2_147_483_647),
  countryCode: z.string({ error: 'Country is required' }).trim().min(1, 'Country is required').max(3),
  latitude: z
    .number({ error: 'Latitude is required' })
    .min(-90, 'Latitude must be between -90 and 90')
    .max(90, 'Latitude must be between -90 and 90'),
  longitude: z
    .number({ error: 'Longitude is required' })
    .min(-180, 'Longitude must be between -180 and 180')
    .max(180, 'Longitude must be between -180 and 180'),
  region: z.string().trim().max(200).nullish(),
});
export type TransferIdflData = z.infer<typeof transferIdflDataSchema>;
