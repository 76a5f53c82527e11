// The likelihood ratio of a claimed origin against the alternatives, and the verbal scale of the
// ENFSI guideline for evaluative reporting in forensic science (2015) it corresponds to. The
// certificate prints both; the words are keys of locales/<lang>/client-documents.json (pdf.enfsi).

export type EnfsiLevel = 'weak' | 'moderate' | 'moderatelyStrong' | 'strong' | 'veryStrong' | 'extremelyStrong';

/** Which proposition the ratio supports: the claim (LR > 1), the alternatives (LR < 1), or neither (LR = 1). */
export type EnfsiDirection = 'claim' | 'alternatives' | 'neither';

/** Lower bounds of each level, on the ratio's magnitude (LR, or 1/LR below one). */
const LOWER_BOUNDS: readonly [number, EnfsiLevel][] = [
  [1e6, 'extremelyStrong'],
  [1e4, 'veryStrong'],
  [1e3, 'strong'],
  [1e2, 'moderatelyStrong'],
  [1e1, 'moderate'],
  [1, 'weak'],
];

/**
 * The verbal equivalent of a likelihood ratio: 1–10 weak, 10–100 moderate, 100–1000 moderately
 * strong, 1000–10 000 strong, 10 000–10⁶ very strong, above 10⁶ extremely strong support; a ratio
 * below one is read the same way on 1/LR, as support for the alternatives. A bound belongs to the
 * level above it (LR 10 is moderate). Null for a ratio that is not a positive number.
 */
export function enfsiVerbalScale(lr: number): { direction: EnfsiDirection; level: EnfsiLevel | null } | null {
  if (!(lr > 0)) return null;
  if (lr === 1) return { direction: 'neither', level: null };
  const magnitude = lr > 1 ? lr : 1 / lr;
  const level = LOWER_BOUNDS.find(([bound]) => magnitude >= bound)![1];
  return { direction: lr > 1 ? 'claim' : 'alternatives', level };
}

/**
 * The ratio of a claim from the model's posterior probability of the claimed region: posterior odds
 * over prior odds. The prior is uniform over the `regionCount` regions it spreads over, 1 : (K − 1),
 * as verdict-errors.ts computes the ratios its Cllr judges. Probabilities are held off 0 and 1 so the
 * ratio stays finite.
 */
export function claimLikelihoodRatio(probability: number, regionCount: number): number {
  const p = Math.min(Math.max(probability, 1e-12), 1 - 1e-12);
  return (p / (1 - p)) * Math.max(1, regionCount - 1);
}

/** A Cllr below 1 bit means the ratios carry information: only then may a ratio be quoted. */
export const isQuotableCllr = (cllr: number | null | undefined): boolean => cllr != null && cllr < 1;

/** A ratio as printed: three significant figures, powers of ten past 10⁶ or below 10⁻³. */
export function formatLikelihoodRatio(lr: number): string {
  if (lr >= 1e6 || lr < 1e-3) return lr.toExponential(1).replace('e+', ' × 10^').replace('e-', ' × 10^-');
  return lr >= 100 ? Math.round(lr).toString() : Number(lr.toPrecision(3)).toString();
}
