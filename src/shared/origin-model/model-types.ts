// The fitted origin model's plain, JSON-serialisable shape: what estimator.ts fits, the server
// caches per version of a reference set and the browser keeps for offline analysis.
import type { SerialisedForest } from './forest-serialise.ts';
import type { Matrix } from './matrix.ts';
import type { ModelSettings } from './region-density.ts';

export type ElementValues = Readonly<Record<string, number | null | undefined>>;

export type ReferenceSample = {
  region: string;
  values: ElementValues;
  latitude?: number | null;
  longitude?: number | null;
  /** The country (ISO code) the record's region belongs to, when the reference set names it. */
  country?: string | null;
};

export type RegionParameters = {
  region: string;
  count: number;
  /** Standardised mean and regularised covariance, one entry per model element. */
  mean: number[];
  covariance: Matrix;
  /** Standardised reference values for the kernel density (null where not measured). */
  points: (number | null)[][];
  locations: { latitude: number; longitude: number }[];
  /**
   * The country (ISO code, upper case) the region belongs to: the one most of its references name.
   * A claim by country is judged on the union of that country's regions (claims.ts).
   */
  country?: string | null;
  /**
   * The raw typicality (p-value) of each of the region's references in the region, each from a
   * refit without it, sorted ascending (typicality.ts): the analysis calibrates a sample's raw p
   * on them. Absent from models fitted before they were kept; those give the raw p.
   */
  heldOutTypicality?: number[];
};

export type OriginModel = {
  elements: string[];
  /** Standardisation: value' = (value − center) / scale, per element. */
  center: number[];
  scale: number[];
  regions: RegionParameters[];
  settings: ModelSettings;
  referenceCount: number;
  /** Regions left out for having fewer than `minReferencesPerRegion` references. */
  excludedRegions: { region: string; count: number }[];
  /**
   * The tree ensemble the densities are mixed with (ExtraTrees over the standardised elements, an
   * unmeasured one read as the mean; classes in `regions` order), and the mix: absent when the
   * cross-validated choice gave the trees no weight, so the cached model stays small.
   */
  trees?: SerialisedForest;
  ensemble?: EnsembleSettings;
};

export type EnsembleSettings = {
  /** Share of the trees' probabilities in the mix (0 = the densities alone). */
  treeWeight: number;
  /** Temperature applied to the mix. */
  temperature: number;
};
