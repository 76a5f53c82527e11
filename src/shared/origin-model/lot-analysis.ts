// Several samples of one lot, one verdict. The samples are independent draws from the lot's one
// origin, so the lot's likelihood of a region is the product of the samples' likelihoods: its log
// posterior is the sum of the samples' log-likelihoods plus one log prior. Each sample's
// probabilities under the uniform prior are its likelihoods up to a constant (the model's
// probabilities, tempered and mixed with its trees, are what is calibrated, so they are what is
// multiplied). The lot is typical of a region when its samples are, taken together: Fisher's
// combination of their typicalities, −2 Σ ln pᵢ ~ χ²(2m). The verdicts are then judged by the same
// rules as one sample's (verdicts.ts), a claim by country on the union of its regions.
import { analyseSample, type OriginAnalysis } from './analysis.ts';
import type { ElementValues, OriginModel } from './model-types.ts';
import { chiSquareSurvival, softmax } from './statistics.ts';
import { analysisThresholds, judgeClaim, regionsOfClaims, xinjiangRegion } from './verdicts.ts';

export type LotAnalysis = Pick<
  OriginAnalysis,
  | 'regionalProbability'
  | 'predictedOrigin'
  | 'mostProbableRegion'
  | 'isAtypical'
  | 'typicality'
  | 'consistency'
  | 'prior'
> & { sampleCount: number };

/**
 * The joint posterior over regions: softmax(log prior + Σᵢ log pᵢ), where pᵢ are the samples'
 * probabilities under the uniform prior (each proportional to the sample's likelihood).
 */
export function jointPosterior(perSample: readonly (readonly number[])[], logPrior: readonly number[]): number[] {
  const floor = 1e-300; // a region one sample rules out stays ruled out, without −∞ − −∞
  return softmax(
    logPrior.map((prior, k) => prior + perSample.reduce((s, p) => s + Math.log(Math.max(p[k]!, floor)), 0)),
  );
}

/** Fisher's combination of independent p-values: P(χ²(2m) ≥ −2 Σ ln pᵢ). */
export function combinedTypicality(pValues: readonly number[]): number {
  if (pValues.length === 0) return 1;
  const statistic = -2 * pValues.reduce((s, p) => s + Math.log(Math.max(p, 1e-300)), 0);
  return chiSquareSurvival(statistic, 2 * pValues.length);
}

/** A sample's (or a lot's) probability and typicality per region, in the model's region order. */
export type RegionFigures = { probabilities: number[]; typicalities: number[] };

/**
 * The lot's figures from its samples' (each under the uniform prior): the joint posterior under
 * the lot's prior and Fisher's combination of the typicalities, region by region. The analysis of
 * a lot and the measure of its verdicts' error rates (lot-verdict-errors.ts) both combine by this.
 */
export function combineLot(samples: readonly RegionFigures[], logPrior: readonly number[]): RegionFigures {
  return {
    probabilities: jointPosterior(
      samples.map((s) => s.probabilities),
      logPrior,
    ),
    typicalities: logPrior.map((_, k) => combinedTypicality(samples.map((s) => s.typicalities[k]!))),
  };
}

export function analyseLot(
  model: OriginModel,
  samples: readonly ElementValues[],
  options: { claimedRegion?: string | null; expectedRegions?: readonly string[] } = {},
): LotAnalysis {
  const expected = regionsOfClaims(model, options.expectedRegions ?? []);
  const prior = { kind: expected.length ? ('expected' as const) : ('uniform' as const), regions: expected };
  // Each sample under the uniform prior, in the model's region order; a sample with no modelled
  // element says nothing about the lot.
  const analyses = samples
    .map((values) => analyseSample(model, values, { compositionCount: 0 }))
    .filter((a) => a.regionalProbability.length > 0);
  const inOrder = (a: OriginAnalysis, field: 'probability' | 'typicality') => {
    const byRegion = new Map(a.regionalProbability.map((r) => [r.region, r[field]]));
    return model.regions.map((r) => byRegion.get(r.region) ?? 0);
  };
  if (analyses.length === 0)
    return {
      sampleCount: samples.length,
      regionalProbability: [],
      predictedOrigin: null,
      mostProbableRegion: null,
      isAtypical: false,
      typicality: 0,
      consistency: {
        claimed: options.claimedRegion ? judgeClaim(model, options.claimedRegion, null, null) : null,
        xinjiang: judgeClaim(model, xinjiangRegion, null, null),
      },
      prior,
    };
  const allowed = new Set(expected);
  const logPrior = model.regions.map((r) =>
    expected.length === 0 ? 0 : allowed.has(r.region) ? -Math.log(expected.length) : -Infinity,
  );
  const { probabilities, typicalities } = combineLot(
    analyses.map((a) => ({ probabilities: inOrder(a, 'probability'), typicalities: inOrder(a, 'typicality') })),
    logPrior,
  );
  const regionalProbability = model.regions
    .map((r, k) => ({ region: r.region, probability: probabilities[k]!, typicality: typicalities[k]! }))
    .sort((a, b) => b.probability - a.probability);
  const typicality = Math.max(...typicalities);
  const isAtypical = typicality < analysisThresholds.atypicalPValue;
  const mostProbableRegion = regionalProbability[0]?.region ?? null;
  return {
    sampleCount: samples.length,
    regionalProbability,
    predictedOrigin: isAtypical ? null : mostProbableRegion,
    mostProbableRegion,
    isAtypical,
    typicality,
    consistency: {
      claimed: options.claimedRegion ? judgeClaim(model, options.claimedRegion, probabilities, typicalities) : null,
      xinjiang: judgeClaim(model, xinjiangRegion, probabilities, typicalities),
    },
    prior,
  };
}
