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
  /** The claim as it was made ("Vietnam", "vn", "Central Highlands"): what a certificate repeats. */
  claim?: string;
  /** The model's regions the claim covers: the region itself, or every region of the country. */
  regions: string[];
  /** False when the reference set has no (or too few) records of the region or country. */
  isKnownRegion: boolean;
  /**
   * The reference records behind the claim: its regions', or those of a region left out of the
   * model for having too few (0 when the set has none). Absent from analyses saved before it was kept.
   */
  referenceCount?: number;
  probability: number | null;
  typicality: number | null;
  verdict: Verdict;
  thresholds: { consistentProbability: number; inconsistentProbability: number; atypicalPValue: number };
};

function verdictFor(probability: number, typicality: number): Verdict {
  const t = analysisThresholds;
  if (probability < t.inconsistentProbability || typicality < t.atypicalPValue) return 'inconsistent';
  if (probability >= t.consistentProbability && typicality >= t.typicalPValue) return 'consistent';
  return 'inconclusive';
}

const sameRegion = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function pickThresholds() {
  const { consistentProbability, inconsistentProbability, atypicalPValue } = analysisThresholds;
  return { consistentProbability, inconsistentProbability, atypicalPValue };
}

/** A country's name reduced for comparison: "Viet Nam", "Vietnam" and "Việt Nam" read alike. */
const foldName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/đ/gi, 'd')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toLowerCase();

// Clients claim countries by name as often as by code ("Vietnam", "China"), in English or in
// Vietnamese; the regions carry only the code, so names are read through the runtime's own list.
const countryNamers = ['en', 'vi'].flatMap((locale) => {
  try {
    return [new Intl.DisplayNames([locale], { type: 'region' })];
  } catch {
    return [];
  }
});

/** The country code a claim names, by code or by its name in English or Vietnamese, among `codes`. */
function countryOfClaim(claim: string, codes: readonly string[]): string | null {
  const code = claim.trim().toUpperCase();
  if (codes.includes(code)) return code;
  const folded = foldName(claim);
  if (!folded) return null;
  return codes.find((c) => countryNamers.some((namer) => foldName(nameOf(namer, c)) === folded)) ?? null;
}

/** A country's name, or '' for a reference set's country that is not a region code (the runtime refuses those). */
function nameOf(namer: Intl.DisplayNames, code: string): string {
  try {
    return namer.of(code) ?? '';
  } catch {
    return '';
  }
}

/** The countries the model's regions belong to (ISO codes). */
function countriesOfModel(model: OriginModel): string[] {
  return [...new Set(model.regions.flatMap((r) => (r.country ? [r.country] : [])))].sort();
}

/** The model's regions (indices) a claim covers: the region of that name, else the country's regions. */
function regionsOfClaim(model: OriginModel, claim: string): number[] {
  const byName = model.regions.findIndex((r) => sameRegion(r.region, claim));
  if (byName !== -1) return [byName];
  const code = countryOfClaim(claim, countriesOfModel(model));
  return code ? model.regions.flatMap((r, k) => (r.country === code ? [k] : [])) : [];
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
      ? model.regions[covered[0]!]!.country!
      : claim.trim();
  const asMade = claim.trim();
  const referenceCount = covered.length
    ? covered.reduce((s, k) => s + model.regions[k]!.count, 0)
    : (model.excludedRegions ?? []).filter((r) => sameRegion(r.region, claim)).reduce((s, r) => s + r.count, 0);
  const regions = covered.map((k) => model.regions[k]!.region);
  if (covered.length === 0 || !probabilities || !typicalities)
    return {
      region,
      claim: asMade,
      regions,
      isKnownRegion: covered.length > 0,
      referenceCount,
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
    claim: asMade,
    regions,
    isKnownRegion: true,
    referenceCount,
    probability,
    typicality,
    verdict: verdictFor(probability, typicality),
    thresholds: pickThresholds(),
  };
}
