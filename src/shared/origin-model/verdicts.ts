// The verdicts of an origin analysis and the claims they judge. A claim names a region of the
// reference set, or a country (ISO code): a country's claim is judged on the union of its regions
// (each region names its country), so a claim of "VN" is judged on Central Highlands and the rest,
// and a claim of "CN" on every Chinese region, Xinjiang among them.
import type { OriginModel } from './model-types.ts';

/** The thresholds every verdict is judged by; the result repeats them so a reader sees them. */
export const analysisThresholds = {
  /** A region's probability at or above this, with a typical sample, makes a claim consistent. */
  consistentProbability: 0.5,
  /** Below this probability a claimed region is inconsistent with the measurement. */
  inconsistentProbability: 0.05,
  /** Typicality (p-value) below this: the sample lies outside the region's references. */
  atypicalPValue: 0.01,
  /** Typicality at or above this: the sample sits among the region's references. */
  typicalPValue: 0.05,
  /** Element status bands on |z|: within ≤ 2, borderline ≤ 3, outside beyond. */
  withinZ: 2,
  borderlineZ: 3,
} as const;

/** Name of the region the laboratory checks every sample against (spec: "Xinjiang origin"). */
export const xinjiangRegion = 'Xinjiang';

export type Verdict = 'consistent' | 'inconsistent' | 'inconclusive';
export type Consistency = {
  /** The claim as judged: a region's name, or a country's code. */
  region: string;
  /** The model's regions the claim covers: the region itself, or every region of the country. */
  regions: string[];
  /** False when the reference set has no (or too few) records of the region or country. */
  isKnownRegion: boolean;
  probability: number | null;
  typicality: number | null;
  verdict: Verdict;
  thresholds: { consistentProbability: number; inconsistentProbability: number; atypicalPValue: number };
};

export function verdictFor(probability: number, typicality: number): Verdict {
  const t = analysisThresholds;
  if (probability < t.inconsistentProbability || typicality < t.atypicalPValue) return 'inconsistent';
  if (probability >= t.consistentProbability && typicality >= t.typicalPValue) return 'consistent';
  return 'inconclusive';
}

export const sameRegion = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function pickThresholds() {
  const { consistentProbability, inconsistentProbability, atypicalPValue } = analysisThresholds;
  return { consistentProbability, inconsistentProbability, atypicalPValue };
}

/** The model's regions (indices) a claim covers: the region of that name, else the country's regions. */
export function regionsOfClaim(model: OriginModel, claim: string): number[] {
  const byName = model.regions.findIndex((r) => sameRegion(r.region, claim));
  if (byName !== -1) return [byName];
  const code = claim.trim().toUpperCase();
  return model.regions.flatMap((r, k) => (r.country && r.country === code ? [k] : []));
}

/** The region names a list of claims (the booking's expected origins) covers, for the prior. */
export function regionsOfClaims(model: OriginModel, claims: readonly string[]): string[] {
  const covered = new Set(claims.flatMap((c) => regionsOfClaim(model, c)));
  return model.regions.filter((_, k) => covered.has(k)).map((r) => r.region);
}

/**
 * A claim judged on the regions it covers: their probabilities add up (the sample comes from one
 * of them) and its typicality is the best of theirs (it sits among the references of one of them).
 */
export function judgeClaim(
  model: OriginModel,
  claim: string,
  probabilities: readonly number[] | null,
  typicalities: readonly number[] | null,
): Consistency {
  const covered = regionsOfClaim(model, claim);
  const byName = covered.length === 1 && sameRegion(model.regions[covered[0]!]!.region, claim);
  // A country's claim is named by its code as the model files it (upper case).
  const region = byName
    ? model.regions[covered[0]!]!.region
    : covered.length
      ? claim.trim().toUpperCase()
      : claim.trim();
  const regions = covered.map((k) => model.regions[k]!.region);
  if (covered.length === 0 || !probabilities || !typicalities)
    return {
      region,
      regions,
      isKnownRegion: covered.length > 0,
      probability: null,
      typicality: null,
      verdict: 'inconclusive',
      thresholds: pickThresholds(),
    };
  const probability = Math.min(
    1,
    covered.reduce((s, k) => s + probabilities[k]!, 0),
  );
  const typicality = Math.max(...covered.map((k) => typicalities[k]!));
  return {
    region,
    regions,
    isKnownRegion: true,
    probability,
    typicality,
    verdict: verdictFor(probability, typicality),
    thresholds: pickThresholds(),
  };
}
