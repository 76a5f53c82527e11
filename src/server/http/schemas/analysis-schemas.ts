import { z } from '@hono/zod-openapi';
import { classifyValues } from '../../../shared/schemas/analysis.ts';

// An origin analysis as the analysis routes answer it: every figure of a sample, a saved analysis
// in the history, and the report on how far to trust a material's model.

const verdict = z.enum(['consistent', 'inconsistent', 'inconclusive']);
const consistencySchema = z.object({
  region: z.string().openapi({ description: "The claim: a region's name or a country's ISO code" }),
  regions: z
    .array(z.string())
    .openapi({ description: 'The regions the claim covers: the region, or every region of the country' }),
  claim: z.string().optional().openapi({ description: 'The claim as it was made, e.g. "Vietnam"' }),
  isKnownRegion: z.boolean(),
  referenceCount: z
    .number()
    .int()
    .optional()
    .openapi({ description: 'Reference records behind the claim (0: the set has none of it)' }),
  probability: z.number().nullable(),
  typicality: z.number().nullable(),
  verdict,
  thresholds: z.object({
    consistentProbability: z.number(),
    inconsistentProbability: z.number(),
    atypicalPValue: z.number(),
  }),
});

const originAnalysisSchema = z
  .object({
    elementsUsed: z.array(z.string()),
    elementsMissing: z.array(z.string()),
    regionalProbability: z.array(z.object({ region: z.string(), probability: z.number(), typicality: z.number() })),
    predictedOrigin: z.string().nullable().openapi({ description: 'Null when the sample is atypical of every region' }),
    mostProbableRegion: z.string().nullable(),
    isAtypical: z.boolean(),
    typicality: z.number(),
    consistency: z.object({ claimed: consistencySchema.nullable(), xinjiang: consistencySchema }),
    quality: z.object({
      score: z.number(),
      typicality: z.number(),
      completeness: z.number(),
      lowered: z.array(
        z.object({
          reason: z.enum(['missingElements', 'lowTypicality', 'noElements']),
          elements: z.array(z.string()).optional(),
          value: z.number().optional(),
        }),
      ),
    }),
    elementStatus: z.array(
      z.object({
        element: z.string(),
        value: z.number(),
        regions: z.array(
          z.object({
            region: z.string(),
            mean: z.number(),
            sd: z.number(),
            low: z.number(),
            high: z.number(),
            z: z.number(),
            status: z.enum(['within', 'borderline', 'outside']),
          }),
        ),
      }),
    ),
    composition: z.array(
      z.object({
        regionA: z.string(),
        regionB: z.string(),
        fractionA: z.number(),
        distance: z.number(),
        typicality: z.number(),
      }),
    ),
    prior: z.object({ kind: z.enum(['uniform', 'expected']), regions: z.array(z.string()) }),
  })
  .openapi('OriginAnalysis');

export const sampleAnalysisSchema = z.object({
  index: z.number().int(),
  sampleCode: z.string().nullable(),
  idflNumber: z.string().nullable(),
  values: z.record(z.string(), z.number().nullable()),
  claimedOrigin: z.string().nullable(),
  expectedOrigins: z.array(z.string()),
  analysis: originAnalysisSchema,
});

export const lotAnalysisSchema = z
  .object({
    lot: z.string(),
    sampleIndexes: z.array(z.number().int()).openapi({ description: 'The samples (their index) judged together' }),
    claimedOrigin: z.string().nullable(),
    expectedOrigins: z.array(z.string()),
    analysis: originAnalysisSchema
      .pick({
        regionalProbability: true,
        predictedOrigin: true,
        mostProbableRegion: true,
        isAtypical: true,
        typicality: true,
        consistency: true,
        prior: true,
      })
      .extend({ sampleCount: z.number().int() }),
  })
  .openapi('LotAnalysis', {
    description:
      "One joint posterior for a lot's samples: the sum of their log-likelihoods with one prior, typicality by Fisher's combination",
  });

export const analysisRecordSchema = z
  .object({
    id: z.number().int(),
    sampleCode: z.string().nullable(),
    idflNumber: z.string().nullable(),
    material: z.string().nullable(),
    countryCode: z.string().nullable(),
    sources: z.string().nullable(),
    classify: z.enum(classifyValues),
    status: z.string(),
    prediction: z.string().nullable(),
    conclusion: z.string().nullable(),
    referenceVersion: z.string().nullable(),
    sampleEntryId: z.number().int().nullable(),
    cleanIsotopeRecordId: z.number().int().nullable(),
    analysisDate: z.string(),
    createdBy: z.number().int().nullable(),
    createdByName: z.string().nullable(),
    version: z.number().int(),
    topProbability: z.number().nullable(),
    qualityScore: z.number().nullable(),
    isAtypical: z.boolean(),
    claimedVerdict: verdict.nullable(),
    xinjiangVerdict: verdict.nullable(),
  })
  .openapi('Analysis');

export const analysisDetailSchema = analysisRecordSchema
  .extend({ input: z.record(z.string(), z.unknown()), result: originAnalysisSchema.nullable() })
  .openapi('AnalysisDetail');

const validationSchema = z.object({
  method: z.enum(['leave-one-out', 'k-fold']),
  folds: z.number().int(),
  sampleCount: z.number().int(),
  regions: z.array(z.string()),
  accuracy: z.number(),
  logLoss: z.number(),
  expectedCalibrationError: z.number(),
  calibration: z.array(
    z.object({
      from: z.number(),
      to: z.number(),
      count: z.number().int(),
      meanConfidence: z.number(),
      accuracy: z.number(),
    }),
  ),
  confusion: z.array(z.array(z.number().int())),
  perRegion: z.array(
    z.object({
      region: z.string(),
      count: z.number().int(),
      sensitivity: z.number(),
      precision: z.number().nullable(),
    }),
  ),
});

const settingsSchema = z.object({
  shrinkToPooled: z.number(),
  shrinkToDiagonal: z.number(),
  degreesOfFreedom: z.number().nullable(),
  bandwidth: z.number(),
  kernelWeight: z.number(),
  temperature: z.number(),
});

const claimErrorFields = {
  trueClaims: z.number().int().openapi({ description: 'Held-out records of the claimed region' }),
  falseClaims: z.number().int().openapi({ description: 'Held-out records of the other regions' }),
  falseConsistentRate: z.number().openapi({ description: 'Share of false claims judged consistent' }),
  falseInconsistentRate: z.number().openapi({ description: 'Share of true claims judged inconsistent' }),
  inconclusiveTrueShare: z.number().openapi({ description: 'Share of true claims left inconclusive' }),
  inconclusiveFalseShare: z.number().openapi({ description: 'Share of false claims left inconclusive' }),
  cllr: z
    .number()
    .openapi({ description: 'Log-likelihood-ratio cost of the claims (bits; 0 perfect, 1 uninformative)' }),
  cllrMin: z.number().openapi({ description: 'Cllr after the best monotone recalibration (pool-adjacent-violators)' }),
};
const claimErrorsSchema = z.object({ region: z.string(), ...claimErrorFields });

const claimsErrorFields = {
  claims: z.array(claimErrorsSchema),
  pooled: z.object(claimErrorFields),
  xinjiang: claimErrorsSchema.nullable(),
  countries: z.array(claimErrorsSchema).openapi({
    description: "Claims by country (region holds the ISO code), judged on the union of the country's regions",
  }),
};

const lotErrorsSchema = z
  .object({
    size: z.number().int().openapi({ description: 'Samples per lot' }),
    lotCount: z.number().int().openapi({ description: 'Lots formed from the held-out records' }),
    ...claimsErrorFields,
  })
  .openapi('LotVerdictErrors', {
    description:
      "How often a lot's joint verdict is wrong: lots of held-out records of one region (each region's records in a seeded order, a record in one lot at most), combined as the lot analysis combines them; true and false claims count lots",
  });

const verdictErrorsSchema = z
  .object({
    ...claimsErrorFields,
    lots: z.array(lotErrorsSchema).openapi({ description: 'The same error rates for lots of 2, 3 and 5 samples' }),
    ownRegionAtypical: z
      .object({
        records: z.number().int().openapi({ description: 'Held-out records of a judged region' }),
        atypical: z.number().int().openapi({ description: 'Of them, those below the atypical threshold' }),
        share: z.number().openapi({ description: 'atypical / records (0 without records)' }),
      })
      .openapi({
        description:
          'Held-out records whose typicality in their own region falls below the atypical threshold of the verdicts; the typicality is calibrated so that about 1 % is expected',
      }),
  })
  .openapi('VerdictErrors', {
    description:
      'How often each verdict is wrong on records of known origin, by the same cross-validation: a claim of every region judged for every held-out record',
  });

export const modelReportSchema = z
  .object({
    material: z.string(),
    referenceVersion: z.string(),
    referenceCount: z.number().int(),
    elements: z.array(z.string()),
    regions: z.array(
      z.object({
        region: z.string(),
        count: z.number().int(),
        locatedCount: z.number().int(),
        country: z.string().nullable().openapi({ description: 'ISO code of the country the region belongs to' }),
      }),
    ),
    excludedRegions: z.array(z.object({ region: z.string(), count: z.number().int() })),
    settings: settingsSchema,
    validation: validationSchema,
    verdictErrors: verdictErrorsSchema,
    ensemble: z
      .object({ treeWeight: z.number(), temperature: z.number(), treeCount: z.number().int() })
      .nullable()
      .openapi({ description: 'The mix of the densities with ExtraTrees; null when the densities stand alone' }),
    modelBytes: z.number().int().openapi({ description: 'Size of the model as the browser caches it (JSON)' }),
    baselines: z.array(
      z.object({
        name: z.enum(['nearestCentroid', 'diagonalGaussian']),
        accuracy: z.number(),
        logLoss: z.number(),
        expectedCalibrationError: z.number(),
      }),
    ),
    computedAt: z.string(),
    durationMs: z.number(),
  })
  .openapi('ModelReport');
