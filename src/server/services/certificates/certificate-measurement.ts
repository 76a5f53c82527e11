// What a certificate says of the values the laboratory measured in its own runs: U from its quality
// control (measurement-uncertainty.ts), the reference materials they are traceable to, the last satisfactory
// proficiency round per element, and whether the verdict on the claim holds across value ± U: the
// saved analysis' own function (analyseSample) recomputed at every corner of the uncertainty box.
import type { CertificateMeasurement } from '../../../shared/certificate.ts';
import { measuredElements, type MeasuredElement } from '../../../shared/measurement/measurement.ts';
import {
  reportedExpanded,
  uncertaintyCorners,
  UNCERTAINTY_WINDOW_DAYS,
} from '../../../shared/measurement/measurement-uncertainty.ts';
import { analyseSample, type OriginAnalysis } from '../../../shared/origin-model/analysis.ts';
import type { OriginModel } from '../../../shared/origin-model/estimator.ts';
import type { Executor } from '../../db/client.ts';
import type { OriginModelEvidence } from './certificate-content.ts';
import type { AnalysisRow } from '../origin/origin-analysis.ts';
import { lastSatisfactoryRounds } from '../measurement/proficiency-tests.ts';
import { anchorsOfRuns, currentUncertainty } from '../measurement/measurement-uncertainty.ts';

/** The origin model's name of each measured element's value. */
const modelKeys = {
  carbon: 'd13C',
  nitrogen: 'd15N',
  hydrogen: 'd2H',
  oxygen: 'd18O',
  sulfur: 'd34S',
} as const satisfies Record<MeasuredElement, string>;

type SavedInput = { values?: Record<string, number | null>; claimedOrigin?: string | null; expectedOrigins?: string[] };

/**
 * Whether the verdict on the claim changes anywhere in the box of value ± U: each element with a stated
 * U at value − U and value + U, every combination (2^k corners, k ≤ 5). Null when no claim was judged
 * or no element has a U.
 */
function claimSensitivity(
  model: OriginModel,
  input: SavedInput,
  expanded: Partial<Record<MeasuredElement, number>>,
): CertificateMeasurement['sensitivity'] {
  const claimedRegion = input.claimedOrigin;
  if (!claimedRegion || !input.values) return null;
  const values: Record<string, number> = {};
  for (const [key, value] of Object.entries(input.values)) if (typeof value === 'number') values[key] = value;
  const halfWidths: Record<string, number> = {};
  for (const [element, u] of Object.entries(expanded) as [MeasuredElement, number][])
    if (values[modelKeys[element]] !== undefined) halfWidths[modelKeys[element]] = u;
  if (Object.keys(halfWidths).length === 0) return null;
  const options = { claimedRegion, expectedRegions: input.expectedOrigins ?? [] };
  const verdictAt = (at: Record<string, number>) =>
    analyseSample(model, { ...input.values, ...at }, options).consistency.claimed?.verdict ?? null;
  const measured = verdictAt(values);
  const corners = uncertaintyCorners(values, halfWidths);
  return { sensitive: corners.some((corner) => verdictAt(corner) !== measured), corners: corners.length };
}

/**
 * The certificate's measurement statement, or null when none of the sample's values came from the
 * laboratory's runs (a result entered by hand keeps the measuring laboratory's own ±).
 */
export async function certificateMeasurement(
  db: Executor,
  {
    results,
    runs,
    saved,
    evidence,
    asOf,
  }: {
    results: Partial<Record<MeasuredElement, number | null>>;
    runs: Partial<Record<MeasuredElement, number>> | null | undefined;
    saved: AnalysisRow | null;
    evidence: OriginModelEvidence | null;
    asOf: string;
  },
): Promise<CertificateMeasurement | null> {
  const elements = measuredElements.filter((e) => runs?.[e] !== undefined && results[e] != null);
  if (elements.length === 0) return null;
  const uncertainty = await currentUncertainty(db, asOf);
  const expanded: Partial<Record<MeasuredElement, number>> = {};
  const lines = elements.map((element) => {
    const u = uncertainty.find((e) => e.element === element)!;
    const stated = u.expanded === null ? null : reportedExpanded(u.expanded);
    if (stated !== null) expanded[element] = stated;
    return { element, scale: u.scale, expanded: stated, coverageFactor: u.coverageFactor };
  });
  const model = saved?.result && evidence?.material === (saved.material ?? '') ? evidence?.fitted?.model : undefined;
  const sensitivity =
    model && (saved!.result as OriginAnalysis | null)?.consistency.claimed
      ? claimSensitivity(model, saved!.input as SavedInput, expanded)
      : null;
  const rounds = await lastSatisfactoryRounds(db, elements);
  return {
    elements: lines,
    windowDays: UNCERTAINTY_WINDOW_DAYS,
    traceableTo: await anchorsOfRuns(db, Object.fromEntries(elements.map((e) => [e, runs![e]!]))),
    sensitivity,
    proficiency: rounds.map((r) => ({
      element: r.element,
      scheme: r.scheme,
      round: r.round,
      roundDate: r.roundDate,
      z: r.z,
    })),
  };
}
