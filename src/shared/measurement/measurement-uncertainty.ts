import { z } from 'zod';
import { elementScales, measuredElements, type IsotopeScale, type MeasuredElement } from './measurement.ts';

// The laboratory's measurement uncertainty from its own quality-control data (Nordtest TR 537): the
// check standards of the measurement runs (reference materials measured as unknowns) give the
// within-laboratory reproducibility and the method's bias; and the proficiency tests' z-scores.
// Pure: the server computes with it, the screens word what it answers.

// ————— The rules, each in one place —————

/** The rolling window of check-standard results: runs measured in the last 60 days, the day itself included. */
export const UNCERTAINTY_WINDOW_DAYS = 60;

/**
 * The fewest check-standard results an uncertainty is stated on. Counted are the results of check
 * standards measured in at least two runs: a material measured once says nothing of the spread.
 */
export const MIN_CHECK_RESULTS = 6;

/** The coverage factor of the expanded uncertainty: k = 2, a level of confidence of about 95 %. */
const COVERAGE_FACTOR = 2;

/** One check standard's result in one run: the mean of its normalised replicates, and its assigned value. */
export type CheckResult = {
  element: MeasuredElement;
  /** The reference material measured as a check standard. */
  material: string;
  runId: number;
  measuredOn: string;
  /** The run's result for it (mean of its normalised replicates), on the element's scale. */
  value: number;
  /** Its assigned value in force that day; null when the registry holds none (then it counts for u(Rw) only). */
  assigned: number | null;
  /**
   * The assigned value's uncertainty as the registry holds it: a standard uncertainty (k = 1), as the
   * IAEA/USGS reference sheets state theirs. Null when the sheet gave none.
   */
  assignedUncertainty: number | null;
};

type CheckMaterialSummary = {
  material: string;
  n: number;
  mean: number;
  /** Its results' SD (n ≥ 2), else null. */
  sd: number | null;
  /** Mean of (result − assigned), null without an assigned value. */
  bias: number | null;
  /** Mean of its assigned values' standard uncertainties, null when none was stated. */
  assignedUncertainty: number | null;
  /** Whether its results enter u(Rw) (n ≥ 2) and u(bias) (also an assigned value with its uncertainty). */
  inReproducibility: boolean;
  inBias: boolean;
};

type NotEstablishedReason = 'tooFewResults' | 'noReferenceUncertainty';

export type ElementUncertainty = {
  element: MeasuredElement;
  delta: string;
  scale: IsotopeScale;
  window: { from: string; to: string; days: number };
  /** Check-standard results counted (of materials measured in at least two runs), and the fewest needed. */
  n: number;
  minimum: number;
  materials: CheckMaterialSummary[];
  /** u(Rw): the pooled SD of the check standards' results. */
  reproducibility: number | null;
  /** RMS of the check standards' biases. */
  rmsBias: number | null;
  /** u(Cref): the mean standard uncertainty of the check standards' assigned values. */
  referenceUncertainty: number | null;
  /** u(bias) = √(RMS_bias² + u(Cref)²). */
  biasUncertainty: number | null;
  /** u_c = √(u(Rw)² + u(bias)²). */
  combined: number | null;
  coverageFactor: number;
  /** U = k·u_c: null until enough check-standard results give one (never guessed). */
  expanded: number | null;
  notEstablished: NotEstablishedReason | null;
};

const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** The first day of the window ending on `asOf` (YYYY-MM-DD, calendar days). */
export function windowStart(asOf: string, days = UNCERTAINTY_WINDOW_DAYS): string {
  const start = new Date(`${asOf}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - (days - 1));
  return start.toISOString().slice(0, 10);
}

/**
 * One element's uncertainty from the check-standard results of the window ending on `asOf`
 * (Nordtest TR 537):
 * - u(Rw) = √(Σᵢ Σⱼ (xᵢⱼ − x̄ᵢ)² / Σᵢ (nᵢ − 1)), pooled over the check standards measured at least twice;
 * - biasᵢ = mean of (xᵢⱼ − assignedᵢⱼ); RMS_bias = √(Σ biasᵢ² / m) over those with an assigned value
 *   and its uncertainty; u(Cref) = mean of their standard uncertainties;
 * - u(bias) = √(RMS_bias² + u(Cref)²); u_c = √(u(Rw)² + u(bias)²); U = 2·u_c.
 */
export function elementUncertainty(
  element: MeasuredElement,
  results: readonly CheckResult[],
  asOf: string,
): ElementUncertainty {
  const from = windowStart(asOf);
  const inWindow = results.filter((r) => r.element === element && r.measuredOn >= from && r.measuredOn <= asOf);
  const byMaterial = new Map<string, CheckResult[]>();
  for (const r of inWindow) byMaterial.set(r.material, [...(byMaterial.get(r.material) ?? []), r]);
  const materials: CheckMaterialSummary[] = [...byMaterial.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([material, rs]) => {
      const values = rs.map((r) => r.value);
      const m = mean(values);
      const sd = rs.length > 1 ? Math.sqrt(values.reduce((s, v) => s + (v - m) ** 2, 0) / (rs.length - 1)) : null;
      const assigned = rs.filter((r) => r.assigned !== null);
      const bias = assigned.length === rs.length ? mean(rs.map((r) => r.value - r.assigned!)) : null;
      const stated = rs.flatMap((r) => (r.assignedUncertainty === null ? [] : [r.assignedUncertainty]));
      const assignedUncertainty = stated.length === rs.length ? mean(stated) : null;
      const inReproducibility = rs.length > 1;
      return {
        material,
        n: rs.length,
        mean: m,
        sd,
        bias,
        assignedUncertainty,
        inReproducibility,
        inBias: inReproducibility && bias !== null && assignedUncertainty !== null,
      };
    });
  const counted = materials.filter((m) => m.inReproducibility);
  const n = counted.reduce((sum, m) => sum + m.n, 0);
  const base = {
    element,
    delta: elementScales[element].delta,
    scale: elementScales[element].scale,
    window: { from, to: asOf, days: UNCERTAINTY_WINDOW_DAYS },
    n,
    minimum: MIN_CHECK_RESULTS,
    materials,
    coverageFactor: COVERAGE_FACTOR,
  };
  const none = {
    reproducibility: null,
    rmsBias: null,
    referenceUncertainty: null,
    biasUncertainty: null,
    combined: null,
    expanded: null,
  };
  if (n < MIN_CHECK_RESULTS) return { ...base, ...none, notEstablished: 'tooFewResults' };
  const degrees = counted.reduce((sum, m) => sum + m.n - 1, 0);
  const squares = counted.reduce((sum, m) => sum + m.sd! ** 2 * (m.n - 1), 0);
  const reproducibility = Math.sqrt(squares / degrees);
  const biased = counted.filter((m) => m.inBias);
  if (biased.length === 0) return { ...base, ...none, reproducibility, notEstablished: 'noReferenceUncertainty' };
  const rmsBias = Math.sqrt(mean(biased.map((m) => m.bias! ** 2)));
  const referenceUncertainty = mean(biased.map((m) => m.assignedUncertainty!));
  const biasUncertainty = Math.sqrt(rmsBias ** 2 + referenceUncertainty ** 2);
  const combined = Math.sqrt(reproducibility ** 2 + biasUncertainty ** 2);
  return {
    ...base,
    reproducibility,
    rmsBias,
    referenceUncertainty,
    biasUncertainty,
    combined,
    expanded: COVERAGE_FACTOR * combined,
    notEstablished: null,
  };
}

/** Every element's uncertainty as of a day. */
export function measurementUncertainty(results: readonly CheckResult[], asOf: string): ElementUncertainty[] {
  return measuredElements.map((element) => elementUncertainty(element, results, asOf));
}

/** U as a certificate prints it: rounded up to 0.01 ‰, so the stated uncertainty is never smaller than computed. */
export const reportedExpanded = (u: number) => Math.max(0.01, Math.ceil(u * 100 - 1e-9) / 100);

/**
 * The corners of the uncertainty box around measured values: every element at value − U and value + U
 * (2^k corners for k elements). Elements without a half-width are left as measured.
 */
export function uncertaintyCorners<K extends string>(
  values: Readonly<Record<K, number>>,
  halfWidths: Readonly<Partial<Record<K, number>>>,
): Record<K, number>[] {
  const keys = (Object.keys(halfWidths) as K[]).filter((k) => halfWidths[k] !== undefined && k in values);
  const corners: Record<K, number>[] = [];
  for (let mask = 0; mask < 2 ** keys.length; mask++) {
    const corner = { ...values } as Record<K, number>;
    keys.forEach((k, i) => {
      corner[k] = values[k] + (mask & (1 << i) ? 1 : -1) * halfWidths[k]!;
    });
    corners.push(corner);
  }
  return corners;
}

// ————— Proficiency tests —————

/**
 * The standard deviation for proficiency assessment (σp) of each element when the scheme states none:
 * the spreads interlaboratory comparisons of δ values in organic materials usually allow. δ34S, which
 * few schemes give, is taken as 0.3 ‰ (twice δ13C's, as its combustion measurement is that much less
 * repeatable).
 */
export const proficiencySigmaDefaults = {
  carbon: 0.15,
  nitrogen: 0.15,
  hydrogen: 1.5,
  oxygen: 0.25,
  sulfur: 0.3,
} as const satisfies Record<MeasuredElement, number>;

export const proficiencyOutcomes = ['satisfactory', 'questionable', 'unsatisfactory'] as const;
export type ProficiencyOutcome = (typeof proficiencyOutcomes)[number];

/** z = (laboratory − assigned) / σp (ISO 13528). */
export const zScore = (laboratoryValue: number, assignedValue: number, sigma: number) =>
  (laboratoryValue - assignedValue) / sigma;

/** |z| ≤ 2 satisfactory, 2 < |z| ≤ 3 questionable, |z| > 3 unsatisfactory. */
export function proficiencyOutcome(z: number): ProficiencyOutcome {
  const size = Math.abs(z);
  if (size <= 2) return 'satisfactory';
  if (size <= 3) return 'questionable';
  return 'unsatisfactory';
}

const deltaValue = z
  .number({ error: 'Enter a number' })
  .min(-1000, 'Enter a value from -1000 to 1000 ‰')
  .max(1000, 'Enter a value from -1000 to 1000 ‰');

export const proficiencyTestInputSchema = z.object({
  scheme: z.string({ error: 'Name the scheme' }).trim().min(1, 'Name the scheme').max(200, 'At most 200 characters'),
  round: z.string().trim().max(100, 'At most 100 characters').nullish(),
  roundDate: z
    .string({ error: 'Enter a date as YYYY-MM-DD' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD')
    .refine((day) => {
      const parsed = new Date(`${day}T00:00:00Z`);
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(day);
    }, 'Enter a real date'),
  material: z
    .string({ error: 'Name the material' })
    .trim()
    .min(1, 'Name the material')
    .max(200, 'At most 200 characters'),
  element: z.enum(measuredElements, { error: 'Choose carbon, nitrogen, hydrogen, oxygen or sulfur' }),
  assignedValue: deltaValue,
  laboratoryValue: deltaValue,
  /** σp; the element's default (proficiencySigmaDefaults) when left out. */
  sigma: z
    .number({ error: 'Enter a number' })
    .gt(0, 'Enter a σp above 0 ‰')
    .max(100, 'Enter a σp of at most 100 ‰')
    .nullish(),
  notes: z.string().trim().max(2000, 'At most 2000 characters').nullish(),
});
export type ProficiencyTestInput = z.infer<typeof proficiencyTestInputSchema>;
