import { z } from 'zod';

// Measurement runs: the elements an isotope-ratio mass spectrometer measures, the international
// scale each is reported on, the reference materials a laboratory starts with, and which of them
// anchor and check a run when the importer names none. One table each, read by the server's import,
// its seed and the app's screens.

export const measuredElements = ['carbon', 'nitrogen', 'hydrogen', 'oxygen', 'sulfur'] as const;
export type MeasuredElement = (typeof measuredElements)[number];

export const isotopeScales = ['VPDB', 'AIR', 'VSMOW-SLAP', 'VCDT'] as const;
export type IsotopeScale = (typeof isotopeScales)[number];

/** Each element's delta and the scale its values are normalised to (IUPAC/CIAAW conventions). */
export const elementScales = {
  carbon: { delta: 'δ13C', scale: 'VPDB' },
  nitrogen: { delta: 'δ15N', scale: 'AIR' },
  hydrogen: { delta: 'δ2H', scale: 'VSMOW-SLAP' },
  oxygen: { delta: 'δ18O', scale: 'VSMOW-SLAP' },
  sulfur: { delta: 'δ34S', scale: 'VCDT' },
} as const satisfies Record<MeasuredElement, { delta: string; scale: IsotopeScale }>;

export const referenceMaterialKinds = ['international', 'inHouse'] as const;
export type ReferenceMaterialKind = (typeof referenceMaterialKinds)[number];

type SeedValue = { value: number; uncertainty: number | null; validFrom: string };

export type SeedReferenceMaterial = {
  name: string;
  aliases: string[];
  material: string;
  /** Per element, the value versions, oldest first. */
  values: Partial<Record<MeasuredElement, SeedValue[]>>;
};

// The date a value version is entered as valid from when its sheet's own date does not matter here:
// the first value a laboratory holds. A revision gets the date it was published.
const FIRST = '2000-01-01';
const v = (value: number, uncertainty: number | null, validFrom = FIRST): SeedValue => ({
  value,
  uncertainty,
  validFrom,
});

/**
 * The common international reference materials, with their values as the IAEA/USGS reference sheets
 * and CIAAW give them (uncertainties: one standard uncertainty, as on the sheets). USGS42/43's δ2H
 * were revised in 2016; both versions are kept so runs computed on the earlier one can be found.
 */
export const seedReferenceMaterials: SeedReferenceMaterial[] = [
  {
    name: 'USGS40',
    aliases: ['USGS-40'],
    material: 'L-glutamic acid',
    values: { carbon: [v(-26.39, 0.04)], nitrogen: [v(-4.52, 0.06)] },
  },
  {
    name: 'USGS41a',
    aliases: ['USGS-41a'],
    material: 'L-glutamic acid enriched in 13C and 15N',
    values: { carbon: [v(36.55, 0.08)], nitrogen: [v(47.55, 0.15)] },
  },
  {
    name: 'IAEA-600',
    aliases: ['IAEA600'],
    material: 'Caffeine',
    values: { carbon: [v(-27.771, 0.043)], nitrogen: [v(1.0, 0.2)] },
  },
  {
    name: 'USGS42',
    aliases: ['USGS-42'],
    material: 'Human hair (Tibet)',
    values: {
      carbon: [v(-21.09, 0.1)],
      nitrogen: [v(8.05, 0.1)],
      hydrogen: [v(-78.5, 2.3), v(-72.9, 2.2, '2016-01-01')],
      oxygen: [v(8.56, 0.1)],
      sulfur: [v(7.84, 0.14)],
    },
  },
  {
    name: 'USGS43',
    aliases: ['USGS-43'],
    material: 'Human hair (India)',
    values: {
      carbon: [v(-21.28, 0.1)],
      nitrogen: [v(8.44, 0.1)],
      hydrogen: [v(-50.3, 2.8), v(-44.4, 2.0, '2016-01-01')],
      oxygen: [v(14.11, 0.1)],
      sulfur: [v(10.46, 0.22)],
    },
  },
  {
    name: 'USGS61',
    aliases: ['USGS-61'],
    material: 'Caffeine',
    values: { carbon: [v(-35.05, 0.04)], nitrogen: [v(-2.87, 0.04)], hydrogen: [v(96.9, 0.9)] },
  },
  {
    name: 'USGS62',
    aliases: ['USGS-62'],
    material: 'Caffeine',
    values: { carbon: [v(-14.79, 0.04)], nitrogen: [v(20.17, 0.06)], hydrogen: [v(-156.1, 2.1)] },
  },
  {
    name: 'USGS63',
    aliases: ['USGS-63'],
    material: 'Caffeine',
    values: { carbon: [v(-1.17, 0.04)], nitrogen: [v(37.83, 0.06)], hydrogen: [v(174.5, 0.9)] },
  },
  {
    name: 'USGS64',
    aliases: ['USGS-64'],
    material: 'Glycine',
    values: { carbon: [v(-40.81, 0.04)], nitrogen: [v(1.76, 0.06)] },
  },
  {
    name: 'USGS65',
    aliases: ['USGS-65'],
    material: 'Glycine',
    values: { carbon: [v(-20.29, 0.04)], nitrogen: [v(20.68, 0.06)] },
  },
  { name: 'IAEA-CH-6', aliases: ['IAEA-CH6', 'CH-6'], material: 'Sucrose', values: { carbon: [v(-10.449, 0.033)] } },
  { name: 'IAEA-CH-3', aliases: ['IAEA-CH3', 'CH-3'], material: 'Cellulose', values: { carbon: [v(-24.724, 0.041)] } },
  {
    name: 'IAEA-CH-7',
    aliases: ['IAEA-CH7', 'CH-7'],
    material: 'Polyethylene foil',
    values: { carbon: [v(-32.151, 0.05)], hydrogen: [v(-100.3, 2.0)] },
  },
  {
    name: 'IAEA-N-1',
    aliases: ['IAEA-N1', 'N-1'],
    material: 'Ammonium sulfate',
    values: { nitrogen: [v(0.43, 0.07)] },
  },
  {
    name: 'IAEA-N-2',
    aliases: ['IAEA-N2', 'N-2'],
    material: 'Ammonium sulfate',
    values: { nitrogen: [v(20.41, 0.12)] },
  },
  {
    name: 'VSMOW2',
    aliases: ['V-SMOW2'],
    material: 'Water',
    values: { hydrogen: [v(0, 0.3)], oxygen: [v(0, 0.02)] },
  },
  {
    name: 'SLAP2',
    aliases: ['SLAP-2'],
    material: 'Water',
    values: { hydrogen: [v(-427.5, 0.3)], oxygen: [v(-55.5, 0.02)] },
  },
  { name: 'IAEA-S-1', aliases: ['IAEA-S1', 'S-1'], material: 'Silver sulfide', values: { sulfur: [v(-0.3, null)] } },
  { name: 'IAEA-S-2', aliases: ['IAEA-S2', 'S-2'], material: 'Silver sulfide', values: { sulfur: [v(22.62, 0.16)] } },
  { name: 'IAEA-S-3', aliases: ['IAEA-S3', 'S-3'], material: 'Silver sulfide', values: { sulfur: [v(-32.49, 0.16)] } },
  { name: 'NBS 127', aliases: ['NBS-127', 'NBS127'], material: 'Barium sulfate', values: { sulfur: [v(21.12, 0.22)] } },
];

/**
 * The method's defaults, used when an import names no anchors or checks: for each element, the
 * reference materials that anchor its two-point (or more) normalisation and those measured as
 * unknowns to check it. Pairs far apart on the scale, bracketing the usual samples (plant fibres,
 * foods): the glutamic acids for C and N, the hairs for H and O, the silver sulfides for S.
 */
export const defaultRunMethod = {
  carbon: { anchors: ['USGS40', 'USGS41a'], checks: ['IAEA-600'] },
  nitrogen: { anchors: ['USGS40', 'USGS41a'], checks: ['IAEA-600'] },
  hydrogen: { anchors: ['USGS42', 'USGS43'], checks: [] },
  oxygen: { anchors: ['USGS42', 'USGS43'], checks: [] },
  sulfur: { anchors: ['IAEA-S-2', 'IAEA-S-3'], checks: ['IAEA-S-1'] },
} as const satisfies Record<MeasuredElement, { anchors: readonly string[]; checks: readonly string[] }>;

/**
 * How identifiers are compared: without case, spaces or separators ("usgs 41A" = "USGS41a",
 * "idfl-2026-00001" = "IDFL202600001"). The sample's IDFL number is looked up by the same key in the
 * database (an index on the same expression, db/schema/samples.ts).
 */
export const identifierKey = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** A replicate's suffix: "USGS40_2", "IDFL-2026-00001 r3", "IAEA-600#2" (a separator is required). */
export const REPLICATE_SUFFIX = /[\s_#.-]+(?:r|rep)?\d{1,3}$/i;

/** Identifiers that are not samples nor standards: the instrument's conditioning runs and empty capsules. */
export const skippedIdentifiers = ['blank', 'dummy', 'conditioning', 'cond', 'empty'] as const;

// ————— What the API takes —————

const deltaValue = z
  .number({ error: 'Enter a number' })
  .min(-1000, 'Enter a value from -1000 to 1000 ‰')
  .max(1000, 'Enter a value from -1000 to 1000 ‰');
const valueUncertainty = z
  .number({ error: 'Enter a number' })
  .min(0, 'Enter an uncertainty from 0 to 100 ‰')
  .max(100, 'Enter an uncertainty from 0 to 100 ‰');
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD');

export const referenceValueInputSchema = z.object({
  element: z.enum(measuredElements, { error: 'Choose carbon, nitrogen, hydrogen, oxygen or sulfur' }),
  value: deltaValue,
  uncertainty: valueUncertainty.nullish(),
  /** Must be the element's scale when given (a value on another scale cannot anchor this one). */
  scale: z.enum(isotopeScales).optional(),
  validFrom: day.optional(),
  source: z.string().trim().max(500).nullish(),
});
export type ReferenceValueInput = z.infer<typeof referenceValueInputSchema>;

const materialName = z.string().trim().min(1, 'Name is required').max(60, 'At most 60 characters');

export const referenceMaterialInputSchema = z.object({
  name: materialName,
  aliases: z.array(materialName).max(20).default([]),
  material: z.string().trim().min(1, 'Material is required').max(200),
  kind: z.enum(referenceMaterialKinds).default('inHouse'),
  notes: z.string().trim().max(2000).nullish(),
  values: z.array(referenceValueInputSchema).max(20).default([]),
});
export type ReferenceMaterialInput = z.infer<typeof referenceMaterialInputSchema>;

/** A reference material named in an import's anchors or checks: its name, an alias or its id. */
const materialRef = z.union([z.string().trim().min(1).max(60), z.number().int().positive()]);

export const runAnchorsSchema = z.partialRecord(z.enum(measuredElements), z.array(materialRef).min(1).max(20));
export const runChecksSchema = z.array(materialRef).max(40);
export type RunAnchors = z.infer<typeof runAnchorsSchema>;
export type MaterialRef = z.infer<typeof materialRef>;

// ————— What a run keeps —————

/** What an analysis of the run was found to be. `assigned`: a person assigned it after the import. */
export type AnalysisMatch =
  | { kind: 'sample'; sampleEntryId: number; idflNumber: string; assigned: boolean }
  | { kind: 'referenceMaterial'; referenceMaterialId: number; name: string; assigned: boolean }
  | { kind: 'skipped' }
  | { kind: 'unmatched' };

/** One analysis (one capsule dropped into the instrument) as the file gave it. */
export type MeasurementRunAnalysis = {
  /** Its number in the run, from 1 (the file's order). */
  analysis: number;
  /** The file's line of its first row (the header is line 1). */
  line: number;
  /** Its place in the run's sequence, which drift is read against. */
  position: number;
  identifier: string;
  tray: string | null;
  amount: number | null;
  raw: Partial<Record<MeasuredElement, number>>;
  match: AnalysisMatch;
};

/** The anchors (reference material ids per element) and checks a run was computed with. */
export type RunMethod = {
  anchors: Partial<Record<MeasuredElement, number[]>>;
  /** null: every reference material of the run that does not anchor the element checks it. */
  checks: number[] | null;
  /** Whether the importer named them (else the method's defaults, defaultRunMethod). */
  anchorsGiven: boolean;
  checksGiven: boolean;
};

export type RunPointRecord = {
  analysis: number;
  position: number;
  measured: number;
  corrected: number;
  normalised: number;
};

type RunSummaryValues = { value: number; sd: number | null; n: number; uncertainty: number };

export type RunCalibration = {
  element: MeasuredElement;
  scale: IsotopeScale;
  slope: number;
  intercept: number;
  residualSd: number | null;
  anchorRange: { min: number; max: number };
  drift: {
    slope: number;
    standardError: number;
    t: number | null;
    degreesOfFreedom: number;
    pValue: number;
    significant: boolean;
    referencePosition: number;
    points: number;
  } | null;
  driftCorrected: boolean;
  anchors: {
    referenceMaterialId: number;
    name: string;
    valueId: number;
    assigned: number;
    uncertainty: number | null;
    validFrom: string;
    meanMeasured: number;
    points: (RunPointRecord & { residual: number })[];
  }[];
  checks: (RunSummaryValues & {
    referenceMaterialId: number;
    name: string;
    valueId: number | null;
    assigned: number | null;
    difference: number | null;
    points: RunPointRecord[];
  })[];
  samples: (RunSummaryValues & {
    sampleEntryId: number;
    idflNumber: string;
    extrapolated: boolean;
    points: RunPointRecord[];
  })[];
};
