// A run's arithmetic around the pure normalisation (shared/measurement/normalisation.ts): which reference
// materials anchor and check each element, what each identifier of the file is, and each element's
// calibration with the samples' values. Reads the database only to match IDFL numbers.
import { inArray, sql } from 'drizzle-orm';
import {
  defaultRunMethod,
  elementScales,
  identifierKey,
  measuredElements,
  REPLICATE_SUFFIX,
  skippedIdentifiers,
  type AnalysisMatch,
  type MaterialRef,
  type MeasuredElement,
  type MeasurementRunAnalysis,
  type RunAnchors,
  type RunCalibration,
  type RunMethod,
  type RunPointRecord,
} from '../../../shared/measurement/measurement.ts';
import { normaliseElement, type NormalisedPoint, type RunPoint } from '../../../shared/measurement/normalisation.ts';
import type { Executor } from '../../db/client.ts';
import { sampleEntry } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import type { ParsedAnalysis } from './measurement-run-file.ts';
import { materialsByKey, valueInForce, type ReferenceMaterialWithValues } from './reference-materials.ts';

export type SampleValues = Partial<
  Record<MeasuredElement, { value: number; sd: number | null; n: number; uncertainty: number; extrapolated: boolean }>
>;

// ————— Method: which materials anchor and check —————

function resolveRef(
  registry: readonly ReferenceMaterialWithValues[],
  byKey: Map<string, ReferenceMaterialWithValues>,
  ref: MaterialRef,
  field: string,
) {
  const found = typeof ref === 'number' ? registry.find((m) => m.id === ref) : byKey.get(identifierKey(ref));
  if (!found)
    throw badRequest('runReferenceUnknown', { name: String(ref) }, { [field]: `No reference material ${String(ref)}` });
  return found;
}

/** The importer's anchors and checks as reference material ids, or the method's defaults (defaultRunMethod). */
export function resolveMethod(
  registry: readonly ReferenceMaterialWithValues[],
  anchors: RunAnchors | undefined,
  checks: MaterialRef[] | undefined,
): RunMethod {
  const byKey = materialsByKey(registry);
  const resolved: RunMethod['anchors'] = {};
  for (const element of measuredElements) {
    const given = anchors?.[element];
    if (given) {
      resolved[element] = given.map((ref, i) => {
        const material = resolveRef(registry, byKey, ref, `anchors.${element}.${i}`);
        if (!material.values.some((v) => v.element === element))
          throw badRequest(
            'runReferenceHasNoValue',
            { name: material.name, element },
            { [`anchors.${element}.${i}`]: `${material.name} has no ${element} value` },
          );
        return material.id;
      });
    } else if (!anchors) {
      resolved[element] = defaultRunMethod[element].anchors.flatMap((name) => byKey.get(identifierKey(name))?.id ?? []);
    }
  }
  return {
    anchors: resolved,
    checks: checks ? checks.map((ref, i) => resolveRef(registry, byKey, ref, `checks.${i}`).id) : null,
    anchorsGiven: anchors !== undefined,
    checksGiven: checks !== undefined,
  };
}

// ————— Matching identifiers —————

const isSkipped = (key: string) => {
  const bare = key.replace(/\d+$/, '');
  return (skippedIdentifiers as readonly string[]).includes(bare);
};

const IDFL_KEY = sql`regexp_replace(lower(${sampleEntry.idflNumber}), '[^[:alnum:]]', '', 'g')`;

/**
 * Matches each analysis's identifier to a reference material (name or alias) or a sample's IDFL
 * number, compared without case or separators, a replicate suffix ("_2") allowed. Blanks and dummies
 * are skipped; anything else is left unmatched for a person to assign. Analyses a person assigned
 * keep their assignment.
 */
export async function matchAnalyses(
  db: Executor,
  registry: readonly ReferenceMaterialWithValues[],
  analyses: readonly (ParsedAnalysis & { match?: AnalysisMatch })[],
): Promise<MeasurementRunAnalysis[]> {
  const byKey = materialsByKey(registry);
  const keysOf = (identifier: string) => {
    const whole = identifierKey(identifier);
    const base = identifierKey(identifier.replace(REPLICATE_SUFFIX, ''));
    return base && base !== whole ? [whole, base] : [whole];
  };
  const open = analyses.filter((a) => !a.match || a.match.kind === 'unmatched');
  const wanted = [...new Set(open.flatMap((a) => keysOf(a.identifier)))].filter(Boolean);
  const samples = new Map<string, { id: number; idflNumber: string }>();
  for (let start = 0; start < wanted.length; start += 1000) {
    const rows = await db
      .select({ id: sampleEntry.id, idflNumber: sampleEntry.idflNumber, key: sql<string>`${IDFL_KEY}` })
      .from(sampleEntry)
      .where(inArray(IDFL_KEY, wanted.slice(start, start + 1000)));
    for (const row of rows) samples.set(row.key, { id: row.id, idflNumber: row.idflNumber });
  }
  return analyses.map((a) => {
    if (a.match && a.match.kind !== 'unmatched') return { ...a, match: a.match };
    const keys = keysOf(a.identifier);
    let match: AnalysisMatch = { kind: 'unmatched' };
    if (keys.some(isSkipped)) match = { kind: 'skipped' };
    else
      for (const key of keys) {
        const material = byKey.get(key);
        if (material) {
          match = { kind: 'referenceMaterial', referenceMaterialId: material.id, name: material.name, assigned: false };
          break;
        }
        const sample = samples.get(key);
        if (sample) {
          match = { kind: 'sample', sampleEntryId: sample.id, idflNumber: sample.idflNumber, assigned: false };
          break;
        }
      }
    return { ...a, match };
  });
}

// ————— Computing —————

export type Computed = {
  elements: MeasuredElement[];
  calibrations: RunCalibration[];
  sampleValues: Map<number, { idflNumber: string; values: SampleValues }>;
  valueUses: { valueId: number; isAnchor: boolean }[];
};

const pointRecord = (p: NormalisedPoint): RunPointRecord => ({
  analysis: p.analysis,
  position: p.position,
  measured: p.measured,
  corrected: p.corrected,
  normalised: p.normalised,
});

/** Normalises every element the run measured; throws the 400 that names an element it cannot. */
export function computeRun(
  registry: readonly ReferenceMaterialWithValues[],
  analyses: readonly MeasurementRunAnalysis[],
  method: RunMethod,
  on: string,
): Computed {
  const byId = new Map(registry.map((m) => [m.id, m]));
  const pointOf = (a: MeasurementRunAnalysis, element: MeasuredElement): RunPoint => ({
    analysis: a.analysis,
    position: a.position,
    measured: a.raw[element]!,
  });
  const calibrations: RunCalibration[] = [];
  const sampleValues: Computed['sampleValues'] = new Map();
  const valueUses: Computed['valueUses'] = [];
  for (const element of measuredElements) {
    const measured = analyses.filter((a) => a.raw[element] !== undefined);
    const samplePoints = new Map<number, { idflNumber: string; points: RunPoint[] }>();
    const materialPoints = new Map<number, RunPoint[]>();
    for (const a of measured) {
      if (a.match.kind === 'sample') {
        const group = samplePoints.get(a.match.sampleEntryId) ?? { idflNumber: a.match.idflNumber, points: [] };
        group.points.push(pointOf(a, element));
        samplePoints.set(a.match.sampleEntryId, group);
      } else if (a.match.kind === 'referenceMaterial') {
        const points = materialPoints.get(a.match.referenceMaterialId) ?? [];
        points.push(pointOf(a, element));
        materialPoints.set(a.match.referenceMaterialId, points);
      }
    }
    const anchorIds = (method.anchors[element] ?? []).filter((id) => materialPoints.has(id));
    const anchors = anchorIds.flatMap((id) => {
      const material = byId.get(id);
      const value = material && valueInForce(material, element, on);
      return material && value ? [{ material, value, points: materialPoints.get(id)! }] : [];
    });
    // An element no sample was measured for and no two anchors cover is not this run's concern (the
    // d 18O/16O of an EA run's CO2, a stray column).
    if (samplePoints.size === 0 && anchors.length < 2) continue;
    const checkIds = [...materialPoints.keys()].filter(
      (id) => !anchorIds.includes(id) && (method.checks === null || method.checks.includes(id)),
    );
    const checks = checkIds.map((id) => {
      const material = byId.get(id)!;
      return { material, value: valueInForce(material, element, on) ?? null, points: materialPoints.get(id)! };
    });
    const result = normaliseElement({
      anchors: anchors.map((a) => ({
        key: String(a.material.id),
        assigned: a.value.value,
        uncertainty: a.value.uncertainty,
        points: a.points,
      })),
      checks: checks.map((c) => ({ key: String(c.material.id), assigned: c.value?.value ?? null, points: c.points })),
      samples: [...samplePoints.entries()].map(([id, s]) => ({ key: String(id), points: s.points })),
    });
    if (!result.ok) {
      const field = { [`anchors.${element}`]: 'At least two anchor reference materials, reading apart' };
      if (result.refusal.reason === 'tooFewAnchors')
        throw badRequest('runTooFewAnchors', { element, count: result.refusal.anchors }, field);
      throw badRequest('runAnchorsNotDistinct', { element }, field);
    }
    const c = result.calibration;
    calibrations.push({
      element,
      scale: elementScales[element].scale,
      slope: c.slope,
      intercept: c.intercept,
      residualSd: c.residualSd,
      anchorRange: c.anchorRange,
      drift: c.drift && { ...c.drift, t: Number.isFinite(c.drift.t) ? c.drift.t : null },
      driftCorrected: c.driftCorrected,
      anchors: c.anchors.map((a, i) => ({
        referenceMaterialId: anchors[i]!.material.id,
        name: anchors[i]!.material.name,
        valueId: anchors[i]!.value.id,
        assigned: a.assigned,
        uncertainty: a.uncertainty,
        validFrom: anchors[i]!.value.validFrom,
        meanMeasured: a.meanMeasured,
        points: a.points.map((p) => ({ ...pointRecord(p), residual: p.residual })),
      })),
      checks: c.checks.map((k, i) => ({
        referenceMaterialId: checks[i]!.material.id,
        name: checks[i]!.material.name,
        valueId: checks[i]!.value?.id ?? null,
        assigned: k.assigned,
        difference: k.difference,
        value: k.value,
        sd: k.sd,
        n: k.n,
        uncertainty: k.uncertainty,
        points: k.points.map(pointRecord),
      })),
      samples: c.samples.map((s) => {
        const id = Number(s.key);
        const idflNumber = samplePoints.get(id)!.idflNumber;
        const entry = sampleValues.get(id) ?? { idflNumber, values: {} };
        entry.values[element] = {
          value: s.value,
          sd: s.sd,
          n: s.n,
          uncertainty: s.uncertainty,
          extrapolated: s.extrapolated,
        };
        sampleValues.set(id, entry);
        return {
          sampleEntryId: id,
          idflNumber,
          value: s.value,
          sd: s.sd,
          n: s.n,
          uncertainty: s.uncertainty,
          extrapolated: s.extrapolated,
          points: s.points.map(pointRecord),
        };
      }),
    });
    for (const a of anchors) valueUses.push({ valueId: a.value.id, isAnchor: true });
    for (const k of checks) if (k.value) valueUses.push({ valueId: k.value.id, isAnchor: false });
  }
  return { elements: calibrations.map((c) => c.element), calibrations, sampleValues, valueUses };
}
