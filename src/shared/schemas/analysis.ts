import { z } from 'zod';
import { visibleText } from '../visible-text.ts';
import type { Classify } from '../analysis-values.ts';

// Origin analyses: what an analyst sends to run, save, classify, link and transfer one.

export { analysisStatuses, classifyValues, type AnalysisStatus, type Classify } from '../analysis-values.ts';

/** The spec's classify actions (PUT /api/analysis?id&action) and the class each sets. */
export const classifyActions = {
  MarkPending: 'Pending',
  MarkUnsatisfied: 'Unsatisfied',
  MarkNeutral: 'Neutral',
  MarkSatisfied: 'Satisfied',
} as const satisfies Record<string, Classify>;
export type ClassifyAction = keyof typeof classifyActions;

/** Only a satisfied analysis may become a clean reference record. */
export const transferableClassify: Classify = 'Satisfied';

const isotopeValue = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .min(-1000, `${name} must be between -1000 and 1000`)
    .max(1000, `${name} must be between -1000 and 1000`)
    .nullish();

export const isotopeValuesSchema = z.object({
  d13C: isotopeValue('δ13C'),
  d2H: isotopeValue('δ2H'),
  d18O: isotopeValue('δ18O'),
  d15N: isotopeValue('δ15N'),
  d34S: isotopeValue('δ34S'),
  otherElements: z.record(z.string().trim().min(1).max(40), z.number()).optional(),
});
export type IsotopeValues = z.infer<typeof isotopeValuesSchema>;

/** One sample to analyse: its values and what the client claims about it. */
export const analysisSampleSchema = isotopeValuesSchema.extend({
  sampleCode: z.string().trim().max(100).nullish(),
  idflNumber: z.string().trim().max(50).nullish(),
  /** The claimed origin (region or country) to check the measurement against. */
  claimedOrigin: z.string().trim().max(200).nullish(),
  /** The booking's expected origins: the prior is restricted to these when given. */
  expectedOrigins: z.array(visibleText('Expected origin is required').max(200)).max(50).optional(),
  /** Samples given the same lot are combined into one joint verdict (independent samples of one origin). */
  lot: z.string().trim().max(100).nullish(),
});
export type AnalysisSample = z.infer<typeof analysisSampleSchema>;

const material = visibleText('Material is required').max(100);

export const runAnalysisSchema = z.object({
  material,
  samples: z.array(analysisSampleSchema).min(1, 'At least one form').max(100, 'At most 100 samples at once'),
});
export type RunAnalysis = z.infer<typeof runAnalysisSchema>;

export const saveAnalysisItemSchema = analysisSampleSchema.extend({
  countryCode: z.string().trim().max(100).nullish(),
  sources: z.string().trim().max(200).nullish(),
  conclusion: z.string().trim().max(4000).nullish(),
});

export const saveAnalysesSchema = z.object({
  material,
  analyses: z.array(saveAnalysisItemSchema).min(1, 'At least one form').max(100, 'At most 100 samples at once'),
});
export type SaveAnalyses = z.infer<typeof saveAnalysesSchema>;

export const saveToSampleEntrySchema = z.object({
  analysisId: z.number({ error: 'Analysis is required' }).int().min(1).max(2_147_483_647),
  /** The sample entry's version the analyst saw (a stale write is refused). */
  version: z.number().int().min(1).optional(),
});
export type SaveToSampleEntry = z.infer<typeof saveToSampleEntrySchema>;

export const transferAnalysisSchema = z.object({
  countryCode: z.string().trim().max(100).nullish(),
  region: z.string().trim().max(200).nullish(),
  latitude: z
    .number()
    .min(-90, 'Latitude must be between -90 and 90')
    .max(90, 'Latitude must be between -90 and 90')
    .nullish(),
  longitude: z
    .number()
    .min(-180, 'Longitude must be between -180 and 180')
    .max(180, 'Longitude must be between -180 and 180')
    .nullish(),
  classify: z.string().trim().max(100).nullish(),
});
export type TransferAnalysis = z.infer<typeof transferAnalysisSchema>;
