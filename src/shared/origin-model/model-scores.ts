// Reading a fitted model: values standardised as the model was, the covariance factors kept per
// model (so the real-time screen does not refactor them on every keystroke), and the densities'
// probabilities on their own.
import { FactorCache, combine, componentScores, isMeasured } from './region-density.ts';
import type { ElementValues, OriginModel } from './model-types.ts';

export function standardise(model: OriginModel, values: ElementValues): (number | null)[] {
  return model.elements.map((e, j) => {
    const v = values[e];
    return isMeasured(v) ? (v - model.center[j]!) / model.scale[j]! : null;
  });
}

const factorCaches = new WeakMap<OriginModel, FactorCache>();

export function modelFactors(model: OriginModel): FactorCache {
  let cache = factorCaches.get(model);
  if (!cache) {
    cache = new FactorCache(model.regions.map((r) => r.covariance));
    factorCaches.set(model, cache);
  }
  return cache;
}

/** The densities' probabilities alone (the inner folds of the ensemble's choice). */
export function predictDensities(model: OriginModel, values: ElementValues): number[] {
  const scores = componentScores(standardise(model, values), model.regions, modelFactors(model), {
    degreesOfFreedom: model.settings.degreesOfFreedom,
    bandwidths: [model.settings.bandwidth],
  });
  return combine(
    scores,
    model.regions.map(() => 0),
    model.settings,
  );
}
