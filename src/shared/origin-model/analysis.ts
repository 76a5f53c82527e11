// One sample's origin analysis: everything the analysis screens and the API show, from a fitted
// model and the sample's measured values. Pure (runs offline in the browser on every keystroke).
import { predictRegionProbabilities, standardise, type ElementValues, type OriginModel } from './estimator.ts';
import { choleskyWithRidge, forwardSolve, squaredNorm, subMatrix } from './matrix.ts';
import { chiSquareSurvival } from './statistics.ts';
import { calibratedTypicality, rawTypicality } from './typicality.ts';
import { analysisThresholds, judgeClaim, regionsOfClaims, xinjiangRegion, type Consistency } from './verdicts.ts';

export { analysisThresholds, judgeClaim, xinjiangRegion, type Consistency, type Verdict } from './verdicts.ts';

export type ElementStatus = 'within' | 'borderline' | 'outside';

export type OriginAnalysis = {
  elementsUsed: string[];
  elementsMissing: string[];
  /** Every region the model knows, most probable first; probabilities sum to 1. */
  regionalProbability: { region: string; probability: number; typicality: number }[];
  /** The most probable region, or null when the sample is atypical of every region. */
  predictedOrigin: string | null;
  mostProbableRegion: string | null;
  isAtypical: boolean;
  /** Typicality of the sample in its best-fitting region (p-value, 0–1). */
  typicality: number;
  consistency: { claimed: Consistency | null; xinjiang: Consistency };
  quality: {
    score: number;
    typicality: number;
    completeness: number;
    /** Why the score is below 100, as codes with values (the screens word them). */
    lowered: { reason: 'missingElements' | 'lowTypicality' | 'noElements'; elements?: string[]; value?: number }[];
  };
  elementStatus: {
    element: string;
    value: number;
    regions: {
      region: string;
      mean: number;
      sd: number;
      low: number;
      high: number;
      z: number;
      status: ElementStatus;
    }[];
  }[];
  composition: { regionA: string; regionB: string; fractionA: number; distance: number; typicality: number }[];
  /** The prior used: uniform over all regions, or restricted to the expected origins. */
  prior: { kind: 'uniform' | 'expected'; regions: string[] };
};

export type AnalyseOptions = {
  /** The claimed origin (a region, or a country's code), compared with the measurement. */
  claimedRegion?: string | null;
  /** Restricts the prior to these regions or countries' regions (the booking's expected origins). */
  expectedRegions?: readonly string[];
  /** How many two-region mixtures to report. */
  compositionCount?: number;
};

export function analyseSample(model: OriginModel, values: ElementValues, options: AnalyseOptions = {}): OriginAnalysis {
  const t = analysisThresholds;
  const x = standardise(model, values);
  const observed = x.flatMap((v, j) => (v === null ? [] : [j]));
  const elementsUsed = observed.map((j) => model.elements[j]!);
  const elementsMissing = model.elements.filter((_, j) => x[j] === null);
  // Expected origins name regions or countries (the booking's are country codes).
  const expected = regionsOfClaims(model, options.expectedRegions ?? []);
  const prior = { kind: expected.length ? ('expected' as const) : ('uniform' as const), regions: expected };

  if (observed.length === 0 || model.regions.length === 0) {
    return {
      elementsUsed,
      elementsMissing,
      regionalProbability: [],
      predictedOrigin: null,
      mostProbableRegion: null,
      isAtypical: false,
      typicality: 0,
      consistency: {
        claimed: options.claimedRegion ? judgeClaim(model, options.claimedRegion, null, null) : null,
        xinjiang: judgeClaim(model, xinjiangRegion, null, null),
      },
      quality: { score: 0, typicality: 0, completeness: 0, lowered: [{ reason: 'noElements' }] },
      elementStatus: [],
      composition: [],
      prior,
    };
  }

  const { probabilities, distances, dimension } = predictRegionProbabilities(model, values, expected);
  // Typicality of the sample in each region: the Hotelling predictive p-value of its distance,
  // calibrated on the region's own held-out references (typicality.ts).
  const typicalities = model.regions.map((r, k) =>
    calibratedTypicality(rawTypicality(distances[k]!, dimension, r.count), r.heldOutTypicality),
  );
  const regionalProbability = model.regions
    .map((r, k) => ({ region: r.region, probability: probabilities[k]!, typicality: typicalities[k]! }))
    .sort((a, b) => b.probability - a.probability);
  const bestTypicality = Math.max(...typicalities);
  const isAtypical = bestTypicality < t.atypicalPValue;
  const mostProbableRegion = regionalProbability[0]?.region ?? null;

  // Quality: 1 while the sample sits within its best region's 95% range, falling toward 0 beyond.
  const typicalityPart = Math.min(1, bestTypicality / t.typicalPValue);
  const completeness = observed.length / model.elements.length;
  const lowered: OriginAnalysis['quality']['lowered'] = [];
  if (elementsMissing.length) lowered.push({ reason: 'missingElements', elements: elementsMissing });
  if (typicalityPart < 1) lowered.push({ reason: 'lowTypicality', value: bestTypicality });

  return {
    elementsUsed,
    elementsMissing,
    regionalProbability,
    predictedOrigin: isAtypical ? null : mostProbableRegion,
    mostProbableRegion,
    isAtypical,
    typicality: bestTypicality,
    consistency: {
      claimed: options.claimedRegion ? judgeClaim(model, options.claimedRegion, probabilities, typicalities) : null,
      xinjiang: judgeClaim(model, xinjiangRegion, probabilities, typicalities),
    },
    quality: {
      score: Math.round(100 * typicalityPart * completeness),
      typicality: typicalityPart,
      completeness,
      lowered,
    },
    elementStatus: elementStatusOf(model, values, observed),
    composition: compositionOf(
      model,
      x,
      observed,
      mostProbable(probabilities, compositionCandidates),
      options.compositionCount ?? 3,
    ),
    prior,
  };
}

/** Blends are sought among this many of the most probable regions. */
const compositionCandidates = 6;

function mostProbable(probabilities: readonly number[], count: number): number[] {
  return probabilities
    .map((p, k) => [p, k] as const)
    .sort((a, b) => b[0] - a[0])
    .slice(0, count)
    .map(([, k]) => k);
}

function elementStatusOf(
  model: OriginModel,
  values: ElementValues,
  observed: readonly number[],
): OriginAnalysis['elementStatus'] {
  const t = analysisThresholds;
  return observed.map((j) => {
    const element = model.elements[j]!;
    const value = values[element]!;
    return {
      element,
      value,
      regions: model.regions.map((r) => {
        const mean = model.center[j]! + r.mean[j]! * model.scale[j]!;
        const sd = Math.sqrt(r.covariance[j]![j]!) * model.scale[j]!;
        const z = (value - mean) / sd;
        const status: ElementStatus =
          Math.abs(z) <= t.withinZ ? 'within' : Math.abs(z) <= t.borderlineZ ? 'borderline' : 'outside';
        return { region: r.region, mean, sd, low: mean - t.withinZ * sd, high: mean + t.withinZ * sd, z, status };
      }),
    };
  });
}

/**
 * Two-region blends: for regions A and B, the fraction f that brings f·μA + (1 − f)·μB closest
 * to the sample (closed form under the average covariance), then judged by the Mahalanobis
 * distance under the blend's own covariance, f²ΣA + (1 − f)²ΣB. Only proper blends (0 < f < 1) count, and
 * only among the most probable regions, so the real-time screen stays fast with many regions.
 */
function compositionOf(
  model: OriginModel,
  x: readonly (number | null)[],
  observed: readonly number[],
  candidates: readonly number[],
  count: number,
): OriginAnalysis['composition'] {
  const d = observed.length;
  const xs = observed.map((j) => x[j]!);
  const out: OriginAnalysis['composition'] = [];
  const regions = candidates.map((k) => model.regions[k]!);
  for (let a = 0; a < regions.length; a++)
    for (let b = a + 1; b < regions.length; b++) {
      const ra = regions[a]!;
      const rb = regions[b]!;
      const sa = subMatrix(ra.covariance, observed);
      const sb = subMatrix(rb.covariance, observed);
      const average = sa.map((row, i) => row.map((v, j) => (v + sb[i]![j]!) / 2));
      const { factor } = choleskyWithRidge(average);
      const delta = forwardSolve(
        factor,
        observed.map((j) => ra.mean[j]! - rb.mean[j]!),
      );
      const rest = forwardSolve(
        factor,
        observed.map((j, i) => xs[i]! - rb.mean[j]!),
      );
      const denominator = squaredNorm(delta);
      if (denominator === 0) continue;
      const closedForm = delta.reduce((s, v, i) => s + v * rest[i]!, 0) / denominator;
      if (!(closedForm > 0.02 && closedForm < 0.98)) continue;
      // Judged under the blend's own covariance, f²ΣA + (1 − f)²ΣB, at that fraction.
      const f = closedForm;
      const blend = sa.map((row, i) => row.map((v, j) => f * f * v + (1 - f) * (1 - f) * sb[i]![j]!));
      const { factor: blendFactor } = choleskyWithRidge(blend);
      const diff = observed.map((j, i) => xs[i]! - (f * ra.mean[j]! + (1 - f) * rb.mean[j]!));
      const best = { f, distance: squaredNorm(forwardSolve(blendFactor, diff)) };
      out.push({
        regionA: ra.region,
        regionB: rb.region,
        fractionA: Math.round(best.f * 100) / 100,
        distance: best.distance,
        typicality: chiSquareSurvival(best.distance, d),
      });
    }
  return out.sort((p, q) => p.distance - q.distance).slice(0, count);
}
