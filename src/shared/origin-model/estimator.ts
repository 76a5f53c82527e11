// The origin model as an estimator: `fitOriginModel(records)` learns plain, JSON-serialisable
// parameters (cacheable per version of the reference set, and shipped to the browser for the
// offline real-time analysis); `predictRegionProbabilities(model, values)` is pure.
//
// What it is, and why (measured in bench/origin-model.bench.ts against baselines in the same run):
// - Each region is described twice. (A) A regularised Gaussian or Student-t density: the region's
//   covariance shrunk toward the pooled within-region covariance (few references per region) and
//   toward its own diagonal, inflated for the uncertainty of the mean (1 + 1/n), with heavier
//   tails when the data ask for them. (B) A kernel density over the region's references, shaped
//   by the same covariance, for regions that are not one ellipse (several harvests, several sites).
// - The two are mixed and the result tempered so that the probabilities are calibrated.
// - The densities are then mixed with ExtraTrees (forest.ts) and tempered again: trees see
//   interactions and thresholds that densities with shrunk covariances miss, densities give the
//   better-shaped probabilities (bench: neither alone is best on every set).
// - Every choice (both shrinkages, the tail, the bandwidth, both mixes and both temperatures) is
//   made by stratified cross-validated log loss on the training records only, so held-out
//   figures computed by refitting without the held-out records are honest. The trees' weight is
//   chosen on inner folds in which the densities choose their own settings again
//   (innerDensityProbabilities), so that neither side is scored on records it has seen.
// Missing elements are marginalised out: a Gaussian's marginal is the sub-vector and sub-matrix.
//
// The densities are in region-density.ts, the choice of settings in settings-choice.ts.
import { defaultTreeCount, ensembleProbabilities, innerDensities, withTrees, type InnerDensities } from './ensemble.ts';
import { modelFactors, standardise } from './model-scores.ts';
import type { ElementValues, OriginModel, ReferenceSample, RegionParameters } from './model-types.ts';
import {
  combine,
  componentScores,
  isMeasured,
  regularise,
  summarise,
  type ModelSettings,
  type Standardised,
} from './region-density.ts';
import { chooseSettings } from './settings-choice.ts';
import { heldOutTypicalities } from './typicality.ts';

export type { ElementValues, OriginModel, ReferenceSample, RegionParameters } from './model-types.ts';
export type { InnerDensities } from './ensemble.ts';
export { standardise } from './model-scores.ts';

import { isotopeElements } from '../measurement/isotope-elements.ts';

export { isotopeElements };

/** A region needs this many references to be modelled (fewer cannot give a covariance). */
export const minReferencesPerRegion = 5;

export type FitOptions = {
  /** Fixed settings (skips the cross-validated choice); used by baselines and tests. */
  settings?: ModelSettings;
  /** Cap per region on the records used to choose settings, so fitting stays fast on large sets. */
  selectionCapPerRegion?: number;
  /** Trees in the ensemble mixed with the densities; 0 fits the densities alone. */
  trees?: number;
  /** Seed of the trees' random choices, so a refit on the same records gives the same model. */
  seed?: number;
};

/** Elements measured in at least this share of the references are modelled. */
const minElementCoverage = 0.5;

export function regionOf(sample: { region?: string | null; countryCode?: string | null }): string | null {
  const region = sample.region?.trim() || sample.countryCode?.trim();
  return region ? region : null;
}

export function fitOriginModel(records: readonly ReferenceSample[], options: FitOptions = {}): OriginModel {
  const { densities, kept } = fitDensities(records, options, true);
  const treeCount = options.trees ?? defaultTreeCount;
  if (treeCount <= 0 || densities.regions.length < 2) return densities;
  return withTrees(densities, kept, treeCount, options.seed ?? 1, innerDensityProbabilities(densities, kept, options));
}

/**
 * The densities' out-of-fold probabilities that the trees' weight and temperature are chosen on,
 * for the references `kept` of a model's `densities`. Each inner fold's densities choose their
 * settings again on the fold's training part (unless `options` fixes them): the weight must be
 * chosen on probabilities from a procedure that never saw the records it is scored on. Settings
 * chosen on every training record have seen the fold, flatter the densities' inner log loss and
 * so give the trees too little weight.
 */
export function innerDensityProbabilities(
  densities: OriginModel,
  kept: readonly ReferenceSample[],
  options: Pick<FitOptions, 'settings' | 'selectionCapPerRegion'> = {},
): InnerDensities {
  return innerDensities(
    densities,
    kept,
    (train) =>
      fitDensities(train, { settings: options.settings, selectionCapPerRegion: options.selectionCapPerRegion })
        .densities,
  );
}

/** The densities alone, and the references they were fitted on (regions with enough of them). */
function fitDensities(
  records: readonly ReferenceSample[],
  options: FitOptions,
  /** Keep each region's held-out typicalities (the fitted model's; inner folds need none). */
  calibrate = false,
): { densities: OriginModel; kept: ReferenceSample[] } {
  const counts = new Map<string, number>();
  for (const r of records) counts.set(r.region, (counts.get(r.region) ?? 0) + 1);
  const kept = records.filter((r) => (counts.get(r.region) ?? 0) >= minReferencesPerRegion);
  const excludedRegions = [...counts]
    .filter(([, n]) => n < minReferencesPerRegion)
    .map(([region, count]) => ({ region, count }))
    .sort((a, b) => a.region.localeCompare(b.region));

  const elements = chooseElements(kept);
  const center: number[] = [];
  const scale: number[] = [];
  for (const element of elements) {
    const values = kept.map((r) => r.values[element]).filter(isMeasured);
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / Math.max(1, values.length - 1);
    center.push(mean);
    scale.push(Math.sqrt(variance) || 1);
  }
  const standardised: Standardised[] = kept.map((r) => ({
    region: r.region,
    x: elements.map((e, j) => {
      const v = r.values[e];
      return isMeasured(v) ? (v - center[j]!) / scale[j]! : null;
    }),
  }));

  const settings =
    options.settings ?? chooseSettings(standardised, elements.length, options.selectionCapPerRegion ?? 60);
  const summary = summarise(standardised, elements.length);
  const heldOut = calibrate ? heldOutTypicalities(standardised, elements.length, settings) : null;
  const regions: RegionParameters[] = summary.regions.map((s) => ({
    region: s.region,
    count: s.count,
    mean: s.mean,
    covariance: regularise(s, summary.pooled, settings.shrinkToPooled, settings.shrinkToDiagonal),
    points: s.points,
    country: countryOf(kept.filter((r) => r.region === s.region)),
    locations: kept
      .filter((r) => r.region === s.region && isMeasured(r.latitude) && isMeasured(r.longitude))
      .map((r) => ({ latitude: r.latitude!, longitude: r.longitude! })),
    ...(heldOut?.has(s.region) ? { heldOutTypicality: heldOut.get(s.region)! } : {}),
  }));
  const densities: OriginModel = {
    elements,
    center,
    scale,
    regions,
    settings,
    referenceCount: kept.length,
    excludedRegions,
  };
  return { densities, kept };
}

/** The ISO code most of a region's references name (upper case), or null when none does. */
function countryOf(records: readonly ReferenceSample[]): string | null {
  const counts = new Map<string, number>();
  for (const r of records) {
    const code = r.country?.trim().toUpperCase();
    if (code) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [code, n] of counts) if (best === null || n > counts.get(best)!) best = code;
  return best;
}

function chooseElements(records: readonly ReferenceSample[]): string[] {
  const seen = new Map<string, number>();
  for (const r of records)
    for (const [element, v] of Object.entries(r.values))
      if (isMeasured(v)) seen.set(element, (seen.get(element) ?? 0) + 1);
  const isotopes: readonly string[] = isotopeElements;
  return [...seen]
    .filter(([, n]) => n >= Math.max(2, records.length * minElementCoverage))
    .map(([element]) => element)
    .sort((a, b) => {
      const ia = isotopes.indexOf(a);
      const ib = isotopes.indexOf(b);
      if (ia !== -1 || ib !== -1) return (ia === -1 ? 99 : ia) - (ib === -1 ? 99 : ib);
      return a.localeCompare(b);
    });
}

export type RegionScores = {
  probabilities: number[];
  /** Squared Mahalanobis distance to each region (predictive covariance). */
  distances: number[];
  /** Number of measured model elements used. */
  dimension: number;
};

/**
 * The probability of each of the model's regions (in `model.regions` order) for measured values.
 * `priorRegions` restricts the prior to those regions (the booking's expected origins); regions
 * the model does not know are ignored, and an empty intersection falls back to the uniform prior.
 */
export function predictRegionProbabilities(
  model: OriginModel,
  values: ElementValues,
  priorRegions?: readonly string[],
): RegionScores {
  const x = standardise(model, values);
  const logPrior = priorFor(model, priorRegions);
  const scores = componentScores(x, model.regions, modelFactors(model), {
    degreesOfFreedom: model.settings.degreesOfFreedom,
    bandwidths: [model.settings.bandwidth],
  });
  const densities = combine(scores, logPrior, model.settings);
  const probabilities = ensembleProbabilities(model, densities, x, logPrior);
  return { probabilities, distances: scores.distances, dimension: scores.dimension };
}

function priorFor(model: OriginModel, priorRegions?: readonly string[]): number[] {
  const allowed = new Set(priorRegions ?? []);
  const known = model.regions.filter((r) => allowed.has(r.region)).length;
  if (known === 0) return model.regions.map(() => 0);
  return model.regions.map((r) => (allowed.has(r.region) ? -Math.log(known) : -Infinity));
}
