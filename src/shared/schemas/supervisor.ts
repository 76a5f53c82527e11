import { z } from 'zod';
import { trimmedText, visibleText } from '../visible-text.ts';

// Supervisor forms: the conclusion of a sample and the transfer of its data to the clean data set.

const ratios = z.record(z.string().max(100), z.number().min(0).max(100));

export const conclusionSchema = z.object({
  expectedConclusion: visibleText('Expected conclusion is required').max(2000),
  conclusion: trimmedText().max(4000).nullish(),
  predictedOrigin: trimmedText().max(200).nullish(),
  /** Why the conclusion stands without a saved origin analysis, or departs from it (printed on the certificate). */
  originReason: trimmedText().max(2000).nullish(),
  consistentWithPredictedOrigin: z.boolean().nullish(),
  consistentWithXinjiangOrigin: z.boolean().nullish(),
  evaluationByRegionRatio: ratios.nullish(),
  evaluationByMixRatio: ratios.nullish(),
  version: z.number().int().min(1).optional(),
});
export type Conclusion = z.infer<typeof conclusionSchema>;

export const transferIdflDataSchema = z.object({
  id: z.number({ error: 'Sample is required' }).int().min(1).max(2_147_483_647),
  countryCode: visibleText('Country is required').max(3),
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
