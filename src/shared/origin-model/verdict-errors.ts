// How often each verdict is wrong on samples of known origin: the origin model judged by
// cross-validation (each fold refits the whole model without its records), and for every held-out
// record a claim of every region is judged as the analysis would judge it. A claim of the record's
// own region is a true claim, a claim of any other region a false one.
// The likelihood ratio of a claim (claimed region against the rest) is the posterior odds over the
// prior odds of a uniform prior, 1 : (K − 1); its cost Cllr (in bits, 0 perfect, 1 uninformative)
// and Cllr_min, the cost after the best monotone recalibration (pool-adjacent-violators), say how
// far the ratios can be quoted: Cllr near Cllr_min means they are calibrated.
// A lot's joint verdict is judged the same way on lots of held-out records (lot-verdict-errors.ts).
import {
  analyseSample,
  analysisThresholds,
  judgeClaim,
  xinjiangRegion,
  type Consistency,
  type Verdict,
} from './analysis.ts';
import { fitOriginModel, type ReferenceSample } from './estimator.ts';
import { formLots, lotSizes, type HeldOut } from './lot-verdict-errors.ts';
import type { OriginModel } from './model-types.ts';
import {
  crossValidateWith,
  defaultValidationMethod,
  type ValidationMethod,
  type ValidationReport,
} from './validation.ts';

export type ClaimErrorRates = {
  region: string;
  /** Held-out records (or lots) of this region (true claims) and of the other regions (false claims). */
  trueClaims: number;
  falseClaims: number;
  /** Share of false claims judged consistent. */
  falseConsistentRate: number;
  /** Share of true claims judged inconsistent. */
  falseInconsistentRate: number;
  /** Share of true claims and of false claims left inconclusive. */
  inconclusiveTrueShare: number;
  inconclusiveFalseShare: number;
  /** Log-likelihood-ratio cost of this region's claims, and its minimum after recalibration. */
  cllr: number;
  cllrMin: number;
};

/** The error rates of one kind of verdict: one sample's, or a lot's. */
export type ClaimsErrorReport = {
  /** Every region's claims, then all claims pooled (region null). */
  claims: (ClaimErrorRates & { region: string })[];
  pooled: Omit<ClaimErrorRates, 'region'>;
  /** The Xinjiang check, where the reference set has Xinjiang records. */
  xinjiang: ClaimErrorRates | null;
  /**
   * Claims by country (region holds the ISO code), judged on the union of the country's regions as
   * the analysis judges them; a record's claim is true when its region belongs to that country.
   */
  countries: ClaimErrorRates[];
};

/** A lot's joint verdict: claims of every region judged for every lot of `size` held-out records. */
type LotErrorReport = ClaimsErrorReport & { size: number; lotCount: number };

/**
 * Held-out records atypical of their own region: typicality below the atypical threshold. The
 * typicality is calibrated on each region's held-out references, so about that threshold's share
 * (1 %) is expected; far more says the regions' densities are too narrow for new samples.
 */
export type OwnRegionAtypical = { records: number; atypical: number; share: number };

export type VerdictErrorReport = ClaimsErrorReport & { lots: LotErrorReport[]; ownRegionAtypical: OwnRegionAtypical };

type Claim = { truth: boolean; verdict: Verdict; logLr: number };

/** The model's held-out figures and its verdicts' error rates, from one cross-validation. */
export function judgeOriginModel(
  records: readonly ReferenceSample[],
  method: ValidationMethod = defaultValidationMethod(records),
): { validation: ValidationReport; verdictErrors: VerdictErrorReport } {
  // Every fold's model knows the same regions (a region too small to judge is never held out), so
  // the first one names them and their countries for every claim.
  let named: OriginModel | null = null;
  const heldOut: HeldOut[] = [];
  const validation = crossValidateWith(records, method, fitOriginModel, (model, record) => {
    named ??= model;
    const analysis = analyseSample(model, record.values, { compositionCount: 0 });
    const byRegion = new Map(analysis.regionalProbability.map((r) => [r.region, r]));
    if (byRegion.size > 0)
      heldOut.push({
        region: record.region,
        country: record.country?.trim().toUpperCase() ?? null,
        probabilities: named.regions.map((r) => byRegion.get(r.region)?.probability ?? 0),
        typicalities: named.regions.map((r) => byRegion.get(r.region)?.typicality ?? 0),
      });
    return Object.fromEntries(analysis.regionalProbability.map((r) => [r.region, r.probability]));
  });
  const judge = (units: readonly HeldOut[]) =>
    named ? judgeUnits(named, validation.regions, units) : judgeUnits(null, [], []);
  return {
    validation,
    verdictErrors: {
      ...judge(heldOut),
      lots: lotSizes.map((size) => {
        const lots = formLots(heldOut, size);
        return { size, lotCount: lots.length, ...judge(lots) };
      }),
      ownRegionAtypical: ownRegionAtypical(named, heldOut),
    },
  };
}

/** How many held-out records fall below the atypical threshold in their own region. */
export function ownRegionAtypical(model: OriginModel | null, units: readonly HeldOut[]): OwnRegionAtypical {
  let records = 0;
  let atypical = 0;
  for (const unit of units) {
    const i = model?.regions.findIndex((r) => r.region === unit.region) ?? -1;
    if (i < 0) continue;
    records += 1;
    if ((unit.typicalities[i] ?? 0) < analysisThresholds.atypicalPValue) atypical += 1;
  }
  return { records, atypical, share: records ? atypical / records : 0 };
}

/**
 * A claim of every judged region (those with enough references) and of every country, for every
 * unit: a claim of the unit's own region (or its country) is true, any other false.
 */
export function judgeUnits(
  model: OriginModel | null,
  regions: readonly string[],
  units: readonly HeldOut[],
): ClaimsErrorReport {
  const k = model?.regions.length ?? 0;
  const codes = [...new Set(model?.regions.flatMap((r) => (r.country ? [r.country] : [])))].sort((a, b) =>
    a.localeCompare(b),
  );
  const claimsOf = regions.map((): Claim[] => []);
  const countryClaims = codes.map((): Claim[] => []);
  const claim = (judged: Consistency, truth: boolean, priorLogOdds: number): Claim => {
    const p = Math.min(Math.max(judged.probability ?? 0, 1e-12), 1 - 1e-12);
    return { truth, verdict: judged.verdict, logLr: Math.log(p / (1 - p)) - priorLogOdds };
  };
  for (const unit of units) {
    regions.forEach((region, i) => {
      const judged = judgeClaim(model!, region, unit.probabilities, unit.typicalities);
      // Prior odds of one region under the uniform prior: 1 : (K − 1).
      claimsOf[i]!.push(claim(judged, unit.region === region, -Math.log(Math.max(1, k - 1))));
    });
    codes.forEach((code, i) => {
      const judged = judgeClaim(model!, code, unit.probabilities, unit.typicalities);
      // Prior odds of the country under the uniform prior: its regions against the rest.
      const share = judged.regions.length / k;
      countryClaims[i]!.push(claim(judged, unit.country === code, Math.log(share / Math.max(1e-12, 1 - share))));
    });
  }
  const perRegion = regions.map((region, i) => ({ region, ...errorRates(claimsOf[i]!) }));
  return {
    claims: perRegion,
    pooled: errorRates(claimsOf.flat()),
    xinjiang: perRegion.find((r) => r.region.trim().toLowerCase() === xinjiangRegion.toLowerCase()) ?? null,
    countries: codes.map((region, i) => ({ region, ...errorRates(countryClaims[i]!) })),
  };
}

function errorRates(claims: readonly Claim[]): Omit<ClaimErrorRates, 'region'> {
  const trueClaims = claims.filter((c) => c.truth);
  const falseClaims = claims.filter((c) => !c.truth);
  const share = (list: readonly Claim[], verdict: Verdict) =>
    list.length ? list.filter((c) => c.verdict === verdict).length / list.length : 0;
  return {
    trueClaims: trueClaims.length,
    falseClaims: falseClaims.length,
    falseConsistentRate: share(falseClaims, 'consistent'),
    falseInconsistentRate: share(trueClaims, 'inconsistent'),
    inconclusiveTrueShare: share(trueClaims, 'inconclusive'),
    inconclusiveFalseShare: share(falseClaims, 'inconclusive'),
    cllr: cllr(claims),
    cllrMin: cllrMin(claims),
  };
}

const log2 = (v: number) => Math.log(v) / Math.LN2;
/** log2(1 + e^x) without overflow. */
const softplus2 = (x: number) => (x > 30 ? x / Math.LN2 : log2(1 + Math.exp(x)));

/** Cllr = ½ [mean over true claims of log2(1 + 1/LR) + mean over false claims of log2(1 + LR)]. */
export function cllr(claims: readonly { truth: boolean; logLr: number }[]): number {
  let a = 0;
  let na = 0;
  let b = 0;
  let nb = 0;
  for (const c of claims)
    if (c.truth) {
      a += softplus2(-c.logLr);
      na++;
    } else {
      b += softplus2(c.logLr);
      nb++;
    }
  if (na === 0 || nb === 0) return 0;
  return (a / na + b / nb) / 2;
}

/**
 * Cllr after the best monotone transformation of the ratios: pool-adjacent-violators over the
 * claims sorted by log LR gives the posterior of a true claim; divided by the set's prior odds
 * that is the recalibrated LR.
 */
export function cllrMin(claims: readonly { truth: boolean; logLr: number }[]): number {
  const sorted = [...claims].sort((x, y) => x.logLr - y.logLr);
  const n1 = sorted.filter((c) => c.truth).length;
  const n0 = sorted.length - n1;
  if (n1 === 0 || n0 === 0) return 0;
  // Blocks of tied or pooled claims: [sum of truths, count].
  const blocks: { sum: number; count: number }[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    let sum = 0;
    while (j < sorted.length && sorted[j]!.logLr === sorted[i]!.logLr) sum += sorted[j++]!.truth ? 1 : 0;
    blocks.push({ sum, count: j - i });
    i = j;
    while (blocks.length > 1) {
      const last = blocks[blocks.length - 1]!;
      const before = blocks[blocks.length - 2]!;
      if (before.sum / before.count < last.sum / last.count) break;
      blocks.pop();
      before.sum += last.sum;
      before.count += last.count;
    }
  }
  const priorLogOdds = Math.log(n1 / n0);
  const recalibrated: { truth: boolean; logLr: number }[] = [];
  let at = 0;
  for (const block of blocks) {
    const p = Math.min(Math.max(block.sum / block.count, 1e-12), 1 - 1e-12);
    const logLr = Math.log(p / (1 - p)) - priorLogOdds;
    for (let i = 0; i < block.count; i++) recalibrated.push({ truth: sorted[at + i]!.truth, logLr });
    at += block.count;
  }
  return cllr(recalibrated);
}
